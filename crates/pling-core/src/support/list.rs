//! [`Listed::listed`]: an iterator's items in a new `Vec`.

/// `collect` into a `Vec` without std's specialisations: `collect` instantiates a
/// `from_iter` and an `extend` for every iterator type it meets, and `listed` one push loop.
pub trait Listed: Iterator + Sized {
    /// The items in a new `Vec`, in order.
    fn listed(self) -> Vec<Self::Item> {
        let mut out = Vec::with_capacity(self.size_hint().0);
        for item in self {
            out.push(item);
        }
        out
    }
}

impl<I: Iterator> Listed for I {}

/// `n` default values: `vec![T::default(); n]` without the clone loop `vec!` compiles for
/// every type that is not `Copy`.
pub fn defaults<T: Default>(n: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(T::default());
    }
    out
}
