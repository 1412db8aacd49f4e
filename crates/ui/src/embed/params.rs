//! What an embed's address asks for (EMBEDDING.md): `#embed=<LZP1 position>&demo=…` or
//! `#position=<LZP1>`, read into plain data with every mistake worded for the page.

use super::param_error::EmbedParamError;
use lauzait_engine::notation::Position;
use lauzait_engine::{Game, GameOptions, PlayerCount, Square};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Demo {
    None,
    Moves(Square),
    Throw,
    Readings,
    Scoring,
}

impl Demo {
    /// Demonstrations shown on a board (the others are words, tiles and sticks).
    pub fn on_board(self) -> bool {
        matches!(self, Demo::None | Demo::Moves(_))
    }
}

/// An embed's parameters.
#[derive(Clone, Debug)]
pub struct EmbedParams {
    /// Every `key=value` pair, decoded, for the demonstrations' own parameters.
    pub pairs: Vec<(String, String)>,
    pub demo: Demo,
    /// The demo throw's sticks and the deal of an empty position.
    pub seed: u64,
    pub interactive: bool,
    /// The board's position: none for the demonstrations without a board, or when the
    /// position given is malformed.
    pub position: Option<Position>,
    /// The first mistake in the address.
    pub error: Option<EmbedParamError>,
}

/// The address asks for an embed (`#embed=…`) or a position (`#position=…`).
pub fn wanted(hash: &str) -> bool {
    hash.starts_with("#embed=") || hash.starts_with("#embed&") || hash == "#embed" || hash.starts_with("#position=")
}

/// `decodeURIComponent` (`ui::uri`): `None` for a malformed escape or one that is not UTF-8.
fn decode(text: &str) -> Option<String> {
    crate::uri::decode_component(text).ok()
}

fn pairs(hash: &str) -> Vec<(String, String)> {
    hash.trim_start_matches('#')
        .split('&')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            // Not valid percent-encoding: kept as written, so that its error shows.
            (k.to_string(), decode(v).unwrap_or_else(|| v.to_string()))
        })
        .collect()
}

impl EmbedParams {
    pub fn parse(hash: &str) -> EmbedParams {
        let mut p = EmbedParams {
            pairs: pairs(hash),
            demo: Demo::None,
            seed: 1,
            interactive: false,
            position: None,
            error: None,
        };
        p.seed = p.get("seed").and_then(|s| s.parse::<u64>().ok()).unwrap_or(1);
        p.demo = match p.get("demo").unwrap_or("") {
            "" | "none" => Demo::None,
            "mountain" => Demo::Moves(Square::MOUNTAIN),
            "moves" => match p.get("from").unwrap_or("c3").parse::<Square>() {
                Ok(sq) => Demo::Moves(sq),
                Err(e) => {
                    p.error = Some(EmbedParamError::From(e));
                    Demo::None
                }
            },
            "throw" => Demo::Throw,
            "readings" => Demo::Readings,
            "scoring" => Demo::Scoring,
            other => {
                p.error = Some(EmbedParamError::NotADemo { name: other.to_string() });
                Demo::None
            }
        };
        let position_link = hash.starts_with("#position=");
        let text = p.get(if position_link { "position" } else { "embed" }).unwrap_or("").trim().to_string();
        if p.demo.on_board() {
            p.position = if text.is_empty() {
                // A fresh deal's table, for demonstrations without a position of their own.
                let options = GameOptions::for_players(2, true).expect("2 players");
                Game::new(options, &mut lauzait_engine::randomness::seeded(p.seed))
                    .view(0)
                    .map(|v| Position::of_view(&v, false))
            } else {
                match Position::parse(&text) {
                    Ok(pos) => Some(pos),
                    Err(e) => {
                        p.error.get_or_insert(EmbedParamError::Position(e));
                        None
                    }
                }
            };
        }
        p.interactive = position_link || matches!(p.get("interactive"), Some("1" | "true" | "yes"));
        p
    }

    pub fn get(&self, k: &str) -> Option<&str> {
        self.pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str())
    }

    /// Which pieces are in play for `readings` and `scoring` (default 4 players).
    pub fn players(&self) -> PlayerCount {
        self.get("players")
            .and_then(|p| p.parse::<u8>().ok())
            .and_then(|n| PlayerCount::try_from(n).ok())
            .unwrap_or(PlayerCount::Four)
    }

    /// The square whose moves are shown from the start.
    pub fn selected(&self) -> Option<Square> {
        match self.demo {
            Demo::Moves(sq) => Some(sq),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_engine::square::BadSquare;

    const POS: &str = "LZP1 W1G2JW9W5/G7W3W7G5W1/W1W9G1W4-/W2G3G4W3W8/G8W6G4W6W5 red:0:9,blue:0:9 red+ s1d1 lum=W2";

    fn encoded(s: &str) -> String {
        s.replace('%', "%25").replace(' ', "%20").replace('/', "%2F").replace(':', "%3A").replace(',', "%2C")
    }

    #[test]
    fn which_addresses_are_embeds() {
        for yes in ["#embed=x", "#embed&demo=throw", "#embed", "#position=x"] {
            assert!(wanted(yes), "{yes}");
        }
        for no in ["", "#record=x", "#embedded", "#positions"] {
            assert!(!wanted(no), "{no}");
        }
    }

    #[test]
    fn percent_encoding_is_decoded_and_a_malformed_one_kept() {
        assert_eq!(decode("a%20b%2Fc%E5%B1%B1").as_deref(), Some("a b/c山"));
        assert_eq!(decode("100%"), None);
        assert_eq!(decode("%zz"), None);
        assert_eq!(decode("%FF"), None, "not UTF-8");
        let p = EmbedParams::parse("#embed&x=100%&y=a+b");
        assert_eq!((p.get("x"), p.get("y")), (Some("100%"), Some("a+b")));
    }

    #[test]
    fn a_position_with_the_mountain_demo() {
        let p = EmbedParams::parse(&format!("#embed={}&demo=mountain&seed=9", encoded(POS)));
        assert_eq!(p.error, None);
        assert_eq!(p.demo, Demo::Moves(Square::MOUNTAIN));
        assert_eq!(p.selected(), Some(Square::MOUNTAIN));
        assert_eq!(p.seed, 9);
        assert!(!p.interactive);
        assert_eq!(p.position.unwrap().to_string(), Position::parse(POS).unwrap().to_string());
    }

    #[test]
    fn a_position_link_is_interactive() {
        let p = EmbedParams::parse(&format!("#position={}", encoded(POS)));
        assert!(p.interactive && p.position.is_some() && p.error.is_none());
        assert!(EmbedParams::parse("#embed=&interactive=yes").interactive);
        assert!(!EmbedParams::parse("#embed=&interactive=0").interactive);
    }

    #[test]
    fn an_empty_position_is_a_fresh_deal_and_other_demos_have_no_board() {
        let a = EmbedParams::parse("#embed=&seed=3");
        let b = EmbedParams::parse("#embed=&seed=3");
        assert!(a.position.is_some());
        assert_eq!(a.position.map(|p| p.to_string()), b.position.map(|p| p.to_string()));
        let t = EmbedParams::parse("#embed&demo=throw");
        assert_eq!((t.demo, t.position.is_none(), t.seed), (Demo::Throw, true, 1));
    }

    #[test]
    fn mistakes_are_worded() {
        let p = EmbedParams::parse("#embed=&demo=moves&from=z9");
        assert_eq!(p.error, Some(EmbedParamError::From(BadSquare("z9".into()))));
        assert!(p.error.unwrap().to_string().starts_with("from: "));
        assert_eq!(p.demo, Demo::None);
        let p = EmbedParams::parse("#embed=&demo=dance");
        assert_eq!(p.error, Some(EmbedParamError::NotADemo { name: "dance".into() }));
        assert!(p.error.unwrap().to_string().starts_with("demo=dance: not a demonstration"));
        let p = EmbedParams::parse("#embed=LZP1%20G1%2FG2");
        assert!(matches!(p.error, Some(EmbedParamError::Position(_))));
        assert!(p.error.unwrap().to_string().starts_with("Position: "));
        assert!(p.position.is_none());
        // The first mistake is the one shown.
        let p = EmbedParams::parse("#embed=LZP1&demo=moves&from=z9");
        assert!(matches!(p.error, Some(EmbedParamError::From(_))));
    }

    #[test]
    fn players() {
        let p = EmbedParams::parse("#embed&demo=readings&players=3");
        assert_eq!(p.players(), PlayerCount::try_from(3).unwrap());
        assert_eq!(EmbedParams::parse("#embed&players=9").players(), PlayerCount::Four);
    }
}
