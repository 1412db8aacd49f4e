//! The game's own words (Hiring, Department, Water, the Mountain, Tam…), each with a short
//! explanation and the rules page's section about it. A screen explains the first use of
//! each word it shows ([`mark_terms`]); the web view makes that use a small link to the
//! section, its explanation as the link's description.

use super::Lang;
use lauzait_engine::Rule;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Day,
    Season,
    Hiring,
    Water,
    Mountain,
    Tam,
    Department,
    Dissolve,
    Luminous,
}

impl Term {
    pub const ALL: [Term; 9] = [
        Term::Day,
        Term::Season,
        Term::Hiring,
        Term::Water,
        Term::Mountain,
        Term::Tam,
        Term::Department,
        Term::Dissolve,
        Term::Luminous,
    ];

    /// The word as the screens write it (a plural or a longer word that starts with it counts
    /// too in English).
    pub fn word(self, l: Lang) -> &'static str {
        use Term::*;
        match self {
            Day => l.pick("Day", "手番"),
            Season => l.pick("Season", "ラウンド"),
            Hiring => l.pick("Hiring", "登用"),
            Water => l.pick("Water", "水"),
            Mountain => l.pick("Mountain", "山"),
            Tam => l.pick("Tam", "タム"),
            Department => l.pick("Department", "組合せ"),
            Dissolve => l.pick("Dissolve", "温故知新"),
            Luminous => l.pick("Luminous", "光駒"),
        }
    }

    /// One plain sentence.
    pub fn explain(self, l: Lang) -> &'static str {
        use Term::*;
        match self {
            Day => l.pick("A Day is one player's turn.", "手番：1人のプレイヤーの番。"),
            Season => l.pick(
                "A Season is one deal: it ends when someone declares Lauzait-Cep! with three sets.",
                "ラウンド：配り直しから、誰かが3組で国官集来を宣言するまで。",
            ),
            Hiring => l.pick(
                "Hiring: discard a piece onto the empty square, move a board piece of its colour and ±1 next door, and take the piece it lands on.",
                "登用：手駒を空きマスに捨て、同じ色で±1の盤上の駒を隣へ動かし、そこにあった駒を手に取ります。",
            ),
            Water => l.pick(
                "Water: the blue squares of the middle row and column. Moving there throws the sticks: 3–5 dark faces and the piece arrives.",
                "水：中央の行と列の青いマス。そこへ動くと投げ棒を投げ、濃い面が3〜5本なら到着します。",
            ),
            Mountain => l.pick(
                "The Mountain: the green centre square. A piece there moves in the Tam shape, to 12 squares.",
                "山：中央の緑のマス。そこにある駒はタムの形に12マスへ動けます。",
            ),
            Tam => l.pick(
                "Tam: the Mountain's move, to the eight squares around it or two steps straight away.",
                "タム：山からの動き。周りの8マスか、まっすぐ2マス先へ。",
            ),
            Department => l.pick(
                "A Department: three pieces of your hand making a set, revealed. It earns its bonus at once.",
                "組合せ：セットになる手駒3個を公開したもの。すぐにボーナス点を得ます。",
            ),
            Dissolve => l.pick(
                "Dissolve: take a revealed Department back into your hand, paying back its bonus.",
                "温故知新：公開した組合せを手駒に戻し、そのボーナス点を返します。",
            ),
            Luminous => l.pick(
                "The luminous piece: one piece turned face up each Season; each like it in a declared hand is worth +1.",
                "光駒：各ラウンドで表にした1個。宣言した手駒の同じ駒1つにつき+1点。",
            ),
        }
    }

    /// The section of the rules page (rules.html) that explains it.
    pub fn section(self) -> &'static str {
        use Term::*;
        match self {
            Day | Season | Dissolve => "day",
            Hiring | Water | Tam => "hiring",
            Mountain => "pieces",
            Department => "sets",
            Luminous => "declare",
        }
    }

    fn index(self) -> usize {
        Term::ALL.iter().position(|&t| t == self).unwrap_or(0)
    }
}

/// The section of the rules page (rules.html) that states `rule`, as its headings group
/// the rules: Hiring R12, sets and their bonus R14–R15, Lauzait-Cep! and the score R11,
/// R16–R19 and R30.
pub fn rule_section(rule: Rule) -> &'static str {
    match rule {
        Rule::R12_1 | Rule::R12_2 | Rule::R12_4 | Rule::R12_6 => "hiring",
        Rule::R14 => "sets",
        Rule::R11 | Rule::R11b | Rule::R17 | Rule::R19 | Rule::R30 => "declare",
    }
}

/// The words a screen has explained so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Explained([bool; Term::ALL.len()]);

/// A run of a text: plain, or the first use on the screen of one of the game's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chunk<'a> {
    Plain(&'a str),
    Term(Term, &'a str),
}

/// Where `t`'s word is used in `text` from `from` on, as a word of its own (in English not
/// inside a longer word; a plural such as "Departments" is the word, "Day's" too).
/// A plain byte search and ASCII letters: the page's wasm stays small (no substring
/// searcher, no Unicode tables), and a UTF-8 word found in UTF-8 text starts and ends on
/// character boundaries.
fn find(l: Lang, t: Term, text: &str, from: usize) -> Option<(usize, usize)> {
    let (bytes, word) = (text.as_bytes(), t.word(l).as_bytes());
    let letter = |i: usize| bytes.get(i).is_some_and(|b| b.is_ascii_alphanumeric());
    let mut at = from;
    while let Some(i) = bytes.get(at..)?.windows(word.len()).position(|w| w == word).map(|i| i + at) {
        let end = i + word.len();
        if l == Lang::Ja {
            return Some((i, end));
        }
        let before_ok = i == 0 || !letter(i - 1);
        let end_of_word = match bytes.get(end) {
            Some(b's') if !letter(end + 1) => Some(end + 1),
            Some(b) if b.is_ascii_alphanumeric() => None,
            _ => Some(end),
        };
        if let (true, Some(end)) = (before_ok, end_of_word) {
            return Some((i, end));
        }
        at = end;
    }
    None
}

/// `text` cut into runs, the first use of each word not yet in `done` marked (and added to
/// it). The runs put together are `text`.
pub fn mark_terms<'a>(l: Lang, text: &'a str, done: &mut Explained) -> Vec<Chunk<'a>> {
    let mut out = Vec::new();
    let mut at = 0;
    loop {
        // The earliest next use of a word not explained yet.
        let next = Term::ALL
            .iter()
            .filter(|t| !done.0[t.index()])
            .filter_map(|&t| find(l, t, text, at).map(|(i, end)| (i, end, t)))
            .min_by_key(|&(i, _, _)| i);
        let Some((i, end, t)) = next else { break };
        if i > at {
            out.push(Chunk::Plain(&text[at..i]));
        }
        out.push(Chunk::Term(t, &text[i..end]));
        done.0[t.index()] = true;
        at = end;
    }
    if at < text.len() {
        out.push(Chunk::Plain(&text[at..]));
    }
    out
}
