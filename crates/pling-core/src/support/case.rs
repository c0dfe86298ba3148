//! The characters of the request and answer checks: lower case, from a table of ranges a
//! fraction of the size of the standard library's (which maps each character on its own and
//! handles a word-final sigma), and which characters make up words. Each character lowers to
//! the first character of `char::to_lowercase`; a test holds the two equal over every
//! character.

/// `(first, span, step, delta)`: the characters `first`, `first + step`, … up to
/// `first + span` each lower-case to themselves plus `delta`. Sorted by `first`.
#[rustfmt::skip]
const RANGES: [(u32, u16, u8, i32); 186] = [
    (0x41, 25, 1, 32), (0xC0, 22, 1, 32), (0xD8, 6, 1, 32), (0x100, 46, 2, 1), (0x130, 0, 1, -199),
    (0x132, 4, 2, 1), (0x139, 14, 2, 1), (0x14A, 44, 2, 1), (0x178, 0, 1, -121), (0x179, 4, 2, 1),
    (0x181, 0, 1, 210), (0x182, 2, 2, 1), (0x186, 0, 1, 206), (0x187, 0, 1, 1), (0x189, 1, 1, 205),
    (0x18B, 0, 1, 1), (0x18E, 0, 1, 79), (0x18F, 0, 1, 202), (0x190, 0, 1, 203), (0x191, 0, 1, 1),
    (0x193, 0, 1, 205), (0x194, 0, 1, 207), (0x196, 0, 1, 211), (0x197, 0, 1, 209),
    (0x198, 0, 1, 1), (0x19C, 0, 1, 211), (0x19D, 0, 1, 213), (0x19F, 0, 1, 214), (0x1A0, 4, 2, 1),
    (0x1A6, 0, 1, 218), (0x1A7, 0, 1, 1), (0x1A9, 0, 1, 218), (0x1AC, 0, 1, 1), (0x1AE, 0, 1, 218),
    (0x1AF, 0, 1, 1), (0x1B1, 1, 1, 217), (0x1B3, 2, 2, 1), (0x1B7, 0, 1, 219), (0x1B8, 0, 1, 1),
    (0x1BC, 0, 1, 1), (0x1C4, 0, 1, 2), (0x1C5, 0, 1, 1), (0x1C7, 0, 1, 2), (0x1C8, 0, 1, 1),
    (0x1CA, 0, 1, 2), (0x1CB, 16, 2, 1), (0x1DE, 16, 2, 1), (0x1F1, 0, 1, 2), (0x1F2, 2, 2, 1),
    (0x1F6, 0, 1, -97), (0x1F7, 0, 1, -56), (0x1F8, 38, 2, 1), (0x220, 0, 1, -130),
    (0x222, 16, 2, 1), (0x23A, 0, 1, 10795), (0x23B, 0, 1, 1), (0x23D, 0, 1, -163),
    (0x23E, 0, 1, 10792), (0x241, 0, 1, 1), (0x243, 0, 1, -195), (0x244, 0, 1, 69),
    (0x245, 0, 1, 71), (0x246, 8, 2, 1), (0x370, 2, 2, 1), (0x376, 0, 1, 1), (0x37F, 0, 1, 116),
    (0x386, 0, 1, 38), (0x388, 2, 1, 37), (0x38C, 0, 1, 64), (0x38E, 1, 1, 63), (0x391, 16, 1, 32),
    (0x3A3, 8, 1, 32), (0x3CF, 0, 1, 8), (0x3D8, 22, 2, 1), (0x3F4, 0, 1, -60), (0x3F7, 0, 1, 1),
    (0x3F9, 0, 1, -7), (0x3FA, 0, 1, 1), (0x3FD, 2, 1, -130), (0x400, 15, 1, 80),
    (0x410, 31, 1, 32), (0x460, 32, 2, 1), (0x48A, 52, 2, 1), (0x4C0, 0, 1, 15), (0x4C1, 12, 2, 1),
    (0x4D0, 94, 2, 1), (0x531, 37, 1, 48), (0x10A0, 37, 1, 7264), (0x10C7, 0, 1, 7264),
    (0x10CD, 0, 1, 7264), (0x13A0, 79, 1, 38864), (0x13F0, 5, 1, 8), (0x1C89, 0, 1, 1),
    (0x1C90, 42, 1, -3008), (0x1CBD, 2, 1, -3008), (0x1E00, 148, 2, 1), (0x1E9E, 0, 1, -7615),
    (0x1EA0, 94, 2, 1), (0x1F08, 7, 1, -8), (0x1F18, 5, 1, -8), (0x1F28, 7, 1, -8),
    (0x1F38, 7, 1, -8), (0x1F48, 5, 1, -8), (0x1F59, 6, 2, -8), (0x1F68, 7, 1, -8),
    (0x1F88, 7, 1, -8), (0x1F98, 7, 1, -8), (0x1FA8, 7, 1, -8), (0x1FB8, 1, 1, -8),
    (0x1FBA, 1, 1, -74), (0x1FBC, 0, 1, -9), (0x1FC8, 3, 1, -86), (0x1FCC, 0, 1, -9),
    (0x1FD8, 1, 1, -8), (0x1FDA, 1, 1, -100), (0x1FE8, 1, 1, -8), (0x1FEA, 1, 1, -112),
    (0x1FEC, 0, 1, -7), (0x1FF8, 1, 1, -128), (0x1FFA, 1, 1, -126), (0x1FFC, 0, 1, -9),
    (0x2126, 0, 1, -7517), (0x212A, 0, 1, -8383), (0x212B, 0, 1, -8262), (0x2132, 0, 1, 28),
    (0x2160, 15, 1, 16), (0x2183, 0, 1, 1), (0x24B6, 25, 1, 26), (0x2C00, 47, 1, 48),
    (0x2C60, 0, 1, 1), (0x2C62, 0, 1, -10743), (0x2C63, 0, 1, -3814), (0x2C64, 0, 1, -10727),
    (0x2C67, 4, 2, 1), (0x2C6D, 0, 1, -10780), (0x2C6E, 0, 1, -10749), (0x2C6F, 0, 1, -10783),
    (0x2C70, 0, 1, -10782), (0x2C72, 0, 1, 1), (0x2C75, 0, 1, 1), (0x2C7E, 1, 1, -10815),
    (0x2C80, 98, 2, 1), (0x2CEB, 2, 2, 1), (0x2CF2, 0, 1, 1), (0xA640, 44, 2, 1),
    (0xA680, 26, 2, 1), (0xA722, 12, 2, 1), (0xA732, 60, 2, 1), (0xA779, 2, 2, 1),
    (0xA77D, 0, 1, -35332), (0xA77E, 8, 2, 1), (0xA78B, 0, 1, 1), (0xA78D, 0, 1, -42280),
    (0xA790, 2, 2, 1), (0xA796, 18, 2, 1), (0xA7AA, 0, 1, -42308), (0xA7AB, 0, 1, -42319),
    (0xA7AC, 0, 1, -42315), (0xA7AD, 0, 1, -42305), (0xA7AE, 0, 1, -42308), (0xA7B0, 0, 1, -42258),
    (0xA7B1, 0, 1, -42282), (0xA7B2, 0, 1, -42261), (0xA7B3, 0, 1, 928), (0xA7B4, 14, 2, 1),
    (0xA7C4, 0, 1, -48), (0xA7C5, 0, 1, -42307), (0xA7C6, 0, 1, -35384), (0xA7C7, 2, 2, 1),
    (0xA7CB, 0, 1, -42343), (0xA7CC, 14, 2, 1), (0xA7DC, 0, 1, -42561), (0xA7F5, 0, 1, 1),
    (0xFF21, 25, 1, 32), (0x10400, 39, 1, 40), (0x104B0, 35, 1, 40), (0x10570, 10, 1, 39),
    (0x1057C, 14, 1, 39), (0x1058C, 6, 1, 39), (0x10594, 1, 1, 39), (0x10C80, 50, 1, 64),
    (0x10D50, 21, 1, 32), (0x118A0, 31, 1, 32), (0x16E40, 31, 1, 32), (0x16EA0, 24, 1, 27),
    (0x1E900, 33, 1, 34),
];

/// `c` in lower case (the first character of its lower-case form).
pub fn lower_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let code = c as u32;
    let i = RANGES.partition_point(|r| r.0 <= code);
    let Some(&(first, span, step, delta)) = i.checked_sub(1).map(|i| &RANGES[i]) else {
        return c;
    };
    let offset = code - first;
    if offset > u32::from(span) || offset % u32::from(step) != 0 {
        return c;
    }
    char::from_u32(code.wrapping_add_signed(delta)).unwrap_or(c)
}

/// Whether `c` is part of a word: letters, digits and marks of every script. What separates
/// words is white space, control characters, and the punctuation and symbols of ASCII, Latin-1,
/// the general blocks (U+2000 to U+2BFF, U+3000 to U+303F), the fullwidth forms, emoji, and the
/// sentence punctuation of the major scripts. (Unlike `char::is_alphanumeric`, whose tables
/// cost several KB, a word keeps its combining marks, as Indic words need.)
pub fn word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    !matches!(c,
        '\u{80}'..='\u{A9}' | '\u{AB}'..='\u{B4}' | '\u{B6}'..='\u{B9}' | '\u{BB}'..='\u{BF}'
        | '\u{D7}' | '\u{F7}' | '\u{37E}' | '\u{387}' | '\u{55A}'..='\u{55F}' | '\u{589}'
        | '\u{5BE}' | '\u{5C0}' | '\u{5C3}' | '\u{5F3}' | '\u{5F4}' | '\u{60C}' | '\u{61B}'
        | '\u{61F}' | '\u{66A}'..='\u{66D}' | '\u{6D4}' | '\u{964}' | '\u{965}' | '\u{E4F}'
        | '\u{E5A}' | '\u{E5B}' | '\u{2000}'..='\u{2BFF}' | '\u{2E00}'..='\u{2E7F}'
        | '\u{3000}'..='\u{303F}' | '\u{FE10}'..='\u{FE1F}' | '\u{FE30}'..='\u{FE6F}'
        | '\u{FEFF}' | '\u{FF00}'..='\u{FF0F}' | '\u{FF1A}'..='\u{FF20}'
        | '\u{FF3B}'..='\u{FF40}' | '\u{FF5B}'..='\u{FF65}' | '\u{1F000}'..='\u{1FAFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_lowers_as_the_standard_library_does() {
        let differing: Vec<u32> = (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| c.to_lowercase().next() != Some(lower_char(c)))
            .map(|c| c as u32)
            .take(5)
            .collect();
        assert_eq!(differing, Vec::<u32>::new());
    }

    #[test]
    fn words_are_letters_digits_and_marks() {
        // Every letter and digit the standard library knows, in the scripts below U+2000 and
        // in CJK, is a word character (Latin-1's superscripts and fractions are symbols here).
        let scripts = (0x80..0x2000).chain(0x3040..0xA000).chain(0xAC00..0xD7A4);
        let missed: Vec<u32> = scripts
            .filter_map(char::from_u32)
            .filter(|&c| {
                c.is_alphanumeric()
                    && !word_char(c)
                    && !matches!(c, '¹' | '²' | '³' | '¼' | '½' | '¾')
            })
            .map(|c| c as u32)
            .collect();
        assert_eq!(missed, Vec::<u32>::new());
        for w in ["Übermorgen", "молоко", "αναφορά", "साप्ताहिक", "שבועי", "الحليب", "牛乳", "١٢٣"]
        {
            assert!(w.chars().all(word_char), "{w}");
        }
        for c in " \t\n.,;:!?'\"()[]{}«»¿¡·×÷–—‘’“”…€→✓、。「」，！？،؛؟।॥۔\u{1F600}".chars()
        {
            assert!(!word_char(c), "{:X}", c as u32);
        }
    }

    #[test]
    fn the_ranges_are_sorted_and_apart() {
        for w in RANGES.windows(2) {
            let end = w[0].0 + u32::from(w[0].1);
            assert!(end < w[1].0, "{:X} overlaps {:X}", w[0].0, w[1].0);
        }
    }
}
