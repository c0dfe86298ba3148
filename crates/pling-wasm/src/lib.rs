//! The WebAssembly binding of `pling-core`.
