//! The languages the generated parts of the pages speak (the tables, notes and charts that the
//! generator writes), and how a word is declared in each: once, as an array in the order of
//! [`Language::ALL`], so a language added there fails to compile until every word has it.

/// A language a page is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    En,
    Ko,
    ZhHant,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::En, Language::Ko, Language::ZhHant];

    /// The language of pages whose `<html lang>` is `code`.
    pub fn from_code(code: &str) -> Result<Language, String> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| format!("the generated parts are written in en, ko and zh-Hant, not `{code}`"))
    }

    pub const fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ko => "ko",
            Language::ZhHant => "zh-Hant",
        }
    }

    /// This language's entry of `said`, declared in the order of [`Language::ALL`].
    pub fn pick<T>(self, said: [T; 3]) -> T {
        let [en, ko, zh] = said;
        match self {
            Language::En => en,
            Language::Ko => ko,
            Language::ZhHant => zh,
        }
    }

    /// The same language as the game page knows it, for the words the game and the site share
    /// (the strengths' names).
    pub const fn game(self) -> page_core::text::Language {
        match self {
            Language::En => page_core::text::Language::En,
            Language::Ko => page_core::text::Language::Ko,
            Language::ZhHant => page_core::text::Language::ZhHant,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_pick_follows_all() {
        for (i, l) in Language::ALL.into_iter().enumerate() {
            assert_eq!(Language::from_code(l.code()), Ok(l));
            assert_eq!(l.pick([0, 1, 2]), i);
            assert_eq!(l.game().code(), l.code(), "the game's language of the same code");
        }
        assert!(Language::from_code("fr").is_err());
    }
}
