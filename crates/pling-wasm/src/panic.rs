//! Panics are reported, never silent: `console_error_panic_hook` writes the message with the
//! JS stack to the console, and the message is kept so the JS layer can throw it as the error
//! of the call that trapped.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the hook (idempotent).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let message = format!("pling engine panicked: {info}");
        // A hook that panicked itself would abort without a word: every access is tried.
        let _ = LAST.try_with(|last| {
            if let Ok(mut last) = last.try_borrow_mut() {
                *last = Some(message);
            }
        });
    }));
}

/// The message of the last panic, once.
#[wasm_bindgen(js_name = takePanic)]
pub fn take_panic() -> Option<String> {
    LAST.try_with(|last| last.try_borrow_mut().ok().and_then(|mut l| l.take())).ok().flatten()
}
