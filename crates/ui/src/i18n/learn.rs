//! The words of the lessons, the coach and the hint, in English and Japanese. Pieces are
//! written as on the table (Green 8 / 兵8), squares by their names (d5).

use super::narration::joker_reading;
use super::{piece, pieces, square, Lang};
use lauzait_engine::Action;
use lauzait_learn::coach::{Advice, DiscardAdvice, Why};
use lauzait_learn::distance::Distance;
use lauzait_learn::lessons::LessonId;

/// The fixed words of the learning screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum L {
    LearnToPlay,
    LessonsTitle,
    LessonsNote,
    Done,
    Lesson,
    Hint,
    Restart,
    Lessons,
    NextLesson,
    WellDone,
    AllDone,
    BackToGame,
    Coach,
    CoachNote,
    CoachTitle,
    Helpful,
    Discards,
    Thinking,
    NoHelp,
    StrongHint,
    Distance,
}

pub fn l(lang: Lang, key: L) -> &'static str {
    use L::*;
    match key {
        LearnToPlay => lang.pick("Learn to play", "遊び方を学ぶ"),
        LessonsTitle => lang.pick("Lessons", "レッスン"),
        LessonsNote => lang.pick(
            "Short lessons: make the move on the board. Your progress stays in this browser; a saved game is never touched.",
            "短いレッスンです。盤上で実際に手を指してください。進み具合はこのブラウザに残り、保存中の対局には触れません。",
        ),
        Done => lang.pick("done", "済"),
        Lesson => lang.pick("Lesson", "レッスン"),
        // Distinct from the coach's button, which a lesson shows too (issue #36).
        Hint => lang.pick("Lesson hint", "レッスンのヒント"),
        Restart => lang.pick("Start again", "やり直す"),
        Lessons => lang.pick("All lessons", "レッスン一覧"),
        NextLesson => lang.pick("Next lesson", "次のレッスン"),
        WellDone => lang.pick("Well done!", "よくできました！"),
        AllDone => lang.pick("You have finished every lesson.", "すべてのレッスンを終えました。"),
        BackToGame => lang.pick("Back to the game", "対局に戻る"),
        Coach => lang.pick("Coach", "コーチ"),
        CoachNote => lang.pick(
            "Shows how far the hand is from Lauzait-Cep!, which pieces would help and what each discard allows.",
            "国官集来まであとどれだけか、どの駒が役立つか、各捨て駒で何ができるかを表示します。",
        ),
        CoachTitle => lang.pick("Coach", "コーチ"),
        Helpful => lang.pick("Would help (unseen by you / on the board):", "役立つ駒（見えていない数／盤上の数）："),
        Discards => lang.pick("Discards:", "捨て駒："),
        Thinking => lang.pick("The Strong player is thinking…", "強いコンピュータが考えています…"),
        NoHelp => lang.pick("none", "なし"),
        StrongHint => lang.pick("The Strong player's move", "強いコンピュータの手"),
        Distance => lang.pick("Your hand:", "あなたの手："),
    }
}

/// A lesson's title.
/// The folded coach's button (a short screen keeps the coach over the table until asked).
pub fn coach_toggle(lang: Lang) -> &'static str {
    lang.pick("Coach", "コーチ")
}

pub fn title(lang: Lang, id: LessonId) -> &'static str {
    use LessonId::*;
    match id {
        Board => lang.pick("The pieces and the board", "駒と盤"),
        Discard => lang.pick("Discard", "駒を捨てる"),
        Colour => lang.pick("Same colour, one apart", "同じ色で±1"),
        Joker => lang.pick("A Joker discard", "ワイルドを捨てる"),
        Mountain => lang.pick("The Mountain's Tam moves", "山からのタムの動き"),
        Water => lang.pick("Water and the sticks", "水と投げ棒"),
        Capture => lang.pick("Capture", "取る"),
        Sets => lang.pick("Sets and their bonus", "組合せとボーナス"),
        Readings => lang.pick("Joker readings", "ワイルドの読み方"),
        Dissolve => lang.pick("Form and Dissolve", "配属と温故知新"),
        Declare => lang.pick("Lauzait-Cep! and its patterns", "国官集来と役"),
        Stalemate => lang.pick("Stalemate", "闇戦之集"),
        Luminous => lang.pick("The luminous piece", "光駒"),
        WholeDay => lang.pick("A whole Day against the computer", "コンピュータと一手番"),
    }
}

/// What the learner is asked to do.
pub fn task(lang: Lang, id: LessonId) -> &'static str {
    use LessonId::*;
    match id {
        Board => lang.pick(
            "Your nine pieces are below the board; green and white, 1 to 9, and Jokers. A Day: put one of them on the empty square, then move a board piece onto a neighbour and take what stands there. Take the Green 8 on d5.",
            "盤の下があなたの手駒9個（兵と筆、1〜9、ワイルド）。一手番：手駒を1つ空きマスに置き、盤上の駒を隣へ動かして、そこにある駒を取ります。d5の兵8を取ってください。",
        ),
        Discard => lang.pick(
            "The piece you discard decides which board pieces may move: those of its colour one above or below. Move the Green 9 on b1 onto b2.",
            "捨てた駒で、動かせる盤上の駒が決まります（同じ色で数が1違い）。b1の兵9をb2へ動かしてください。",
        ),
        Colour => lang.pick(
            "Colour matters: a White discard moves only White pieces. Move the White 7 on c5 onto d4.",
            "色が大事です。筆を捨てると筆しか動きません。c5の筆7をd4へ動かしてください。",
        ),
        Joker => lang.pick(
            "No numbered piece of yours moves the Green 8 on d5. A discarded Joker lets any piece move. Move the Green 8 onto e5.",
            "d5の兵8を動かせる数字の駒がありません。ワイルドを捨てれば、どの駒でも動かせます。兵8をe5へ動かしてください。",
        ),
        Mountain => lang.pick(
            "A piece that starts on the Mountain (c3) moves like Tam: to a neighbour or two squares straight, jumping. Jump the Green 3 from c3 to c5.",
            "山（c3）から動く駒はタムのように、隣か、まっすぐ2マス先へ跳んで動けます。c3の兵3をc5へ跳ばしてください。",
        ),
        Water => lang.pick(
            "Landing in Water (marked ≈) throws five sticks: 3 or more dark faces and the capture happens, else your moving piece goes into your hand instead. Move a piece into Water.",
            "水（≈）に入ると投げ棒を5本投げます。黒が3本以上なら取れ、そうでなければ動かした駒が代わりに手駒に入ります。駒を水に入れてください。",
        ),
        Capture => lang.pick(
            "The piece you land on goes into your hand, and your hand is nine again. Take the Joker on e1.",
            "移動先の駒は手駒に入り、手駒はまた9個になります。e1のワイルドを取ってください。",
        ),
        Sets => lang.pick(
            "Three of one colour, the same number or three in a row, make a set. Forming one earns a bonus: the highest number's dots (1 for 1–3, 2 for 4–7, 3 for 8–9). Form the set worth 2.",
            "同じ色で同じ数3つ、または連続する3つが組合せです。配属するとボーナス：いちばん大きい数の点（1〜3は1、4〜7は2、8〜9は3）。ボーナス2の組合せを配属してください。",
        ),
        Readings => lang.pick(
            "A Joker stands for any piece of a set, less 1 point of bonus. Green 6, Green 7 and a Joker can be read two ways. Form them as the reading worth 2.",
            "ワイルドは組合せのどの駒にもなれますが、ボーナスは1減ります。兵6・兵7・ワイルドには2通りの読み方があります。ボーナス2になる読み方で配属してください。",
        ),
        Dissolve => lang.pick(
            "A revealed Department can be made concealed again at the start of a Day, paying back its bonus. Dissolve your Department.",
            "公開した組合せは、手番の最初に非公開へ戻せます（受け取ったボーナスを返納）。温故知新をしてください。",
        ),
        Declare => lang.pick(
            "Your nine pieces make three sets: declare Lauzait-Cep! (L). Two sets with the same numbers add Layered Bridges.",
            "手駒9個が3組に分かれます。国官集来を宣言してください（L）。同じ数の組が2つあると重なり橋も加わります。",
        ),
        Stalemate => lang.pick(
            "None of your pieces lets anything move, so none may be discarded: declare the Stalemate (15 points more).",
            "どの駒を捨てても動かせる駒がないので、捨てられません。闇戦之集を宣言してください（さらに15点）。",
        ),
        Luminous => lang.pick(
            "The luminous piece (shown after the Pool count) adds 1 point for each piece of its kind in a declaring hand. Declare and collect it.",
            "光駒（伏せ駒の数の後に表示）と同じ駒が宣言した手にあると、1個につき1点加わります。宣言してください。",
        ),
        WholeDay => lang.pick(
            "Play a whole Day as you like, then watch the Easy computer player play its own.",
            "好きなように一手番を指し、そのあとEasyのコンピュータの手番を見てください。",
        ),
    }
}

/// The hint after a wrong try.
pub fn hint(lang: Lang, id: LessonId) -> &'static str {
    use LessonId::*;
    match id {
        Board => lang.pick(
            "Take the piece on d5: discard the Green 5, then the Green 6 on e4, next to d5, may move onto it.",
            "d5の駒を取りましょう。兵5を捨てると、d5の隣のe4にある兵6が動けます。",
        ),
        Discard => lang.pick(
            "The Green 9 moves only after a Green 8 (one below) is discarded.",
            "兵9は、1つ下の兵8を捨てたときだけ動けます。",
        ),
        Colour => lang.pick(
            "A Green 6 moves Green pieces only. Discard the White 6: the White 7 may move.",
            "兵6では兵しか動きません。筆6を捨てれば筆7が動けます。",
        ),
        Joker => lang.pick("Discard the Joker, then move the Green 8.", "ワイルドを捨てて、兵8を動かしてください。"),
        Mountain => lang.pick(
            "Discard the Green 4 to move the Green 3, then choose c5, two squares up.",
            "兵4を捨てて兵3を動かし、2マス上のc5を選んでください。",
        ),
        Water => lang.pick(
            "Water is c1, c2, c4, c5 and a3, b3, d3, e3. Discard the Green 5 and move the Green 6 to e3.",
            "水はc1・c2・c4・c5とa3・b3・d3・e3です。兵5を捨て、兵6をe3へ動かしてください。",
        ),
        Capture => lang
            .pick("Discard a Green 3: the Green 4 on d1 may move onto e1.", "兵3を捨てると、d1の兵4がe1へ動けます。"),
        Sets => lang.pick(
            "Green 1-2-3 is worth 1 (its highest, 3, has one dot). White 4-5-6 is worth 2.",
            "兵1-2-3はボーナス1（最大の3は1点）。筆4-5-6はボーナス2です。",
        ),
        Readings => lang.pick(
            "As Green 5-6-7 it is worth 2 − 1 = 1; as Green 6-7-8 it is worth 3 − 1 = 2.",
            "兵5-6-7なら2−1＝1、兵6-7-8なら3−1＝2です。",
        ),
        Dissolve => lang.pick(
            "Tap your revealed Department (or press D) before anything else.",
            "まず公開中の組合せをタップしてください（またはD）。",
        ),
        Declare => lang.pick(
            "A complete hand need not wait: press Lauzait-Cep! (L) before discarding.",
            "揃った手は待つ必要はありません。捨てる前に国官集来（L）を押してください。",
        ),
        Stalemate => lang.pick("Press Stalemate.", "闇戦之集を押してください。"),
        Luminous => lang.pick(
            "Your two Green 3s are luminous: declare Lauzait-Cep! now.",
            "兵3の2個が光駒です。いま国官集来を宣言してください。",
        ),
        WholeDay => lang.pick("Any Day will do.", "どの手でもかまいません。"),
    }
}

/// "Lesson 3 of 14 — Same colour, one apart".
pub fn heading(lang: Lang, id: LessonId) -> String {
    let (n, of) = (id.index() + 1, LessonId::ALL.len());
    match lang {
        Lang::En => format!("Lesson {n} of {of} — {}", title(lang, id)),
        Lang::Ja => format!("レッスン{n}／{of}：{}", title(lang, id)),
    }
}

/// The hint line after a wrong try, with the rule it teaches.
pub fn wrong_try(lang: Lang, id: LessonId, rule: &str) -> String {
    match lang {
        Lang::En => format!("Not quite. {} ({rule})", hint(lang, id)),
        Lang::Ja => format!("惜しい！{}（{rule}）", hint(lang, id)),
    }
}

/// "2 sets away (3 pieces to exchange)".
pub fn distance(lang: Lang, d: Distance) -> String {
    if d.complete() {
        return lang
            .pick("Complete: Lauzait-Cep! may be declared (R11).", "揃っています：国官集来を宣言できます（R11）。")
            .into();
    }
    match lang {
        Lang::En => format!(
            "{} set{} from Lauzait-Cep! ({} piece{} to exchange).",
            d.sets_away,
            if d.sets_away == 1 { "" } else { "s" },
            d.pieces_away,
            if d.pieces_away == 1 { "" } else { "s" }
        ),
        Lang::Ja => format!("国官集来まであと{}組（交換あと{}個）。", d.sets_away, d.pieces_away),
    }
}

/// One discard's line, in plain words for a newcomer: "Discard Green 5: then 2 of your
/// pieces can move, 5 ways to capture (1 onto Water, where the sticks decide: half the time,
/// R12.6). Your hand: at best 1 piece closer."
pub fn discard_line(lang: Lang, a: &DiscardAdvice, now: Distance) -> String {
    let change = match a.best.pieces_away as i32 - now.pieces_away as i32 {
        d if d < 0 => match lang {
            Lang::En => format!("at best {} piece{} closer", -d, if d == -1 { "" } else { "s" }),
            Lang::Ja => format!("最善で{}個近づく", -d),
        },
        0 => lang.pick("no closer", "近づかない").into(),
        d => match lang {
            Lang::En => format!("{d} piece{} further", if d == 1 { "" } else { "s" }),
            Lang::Ja => format!("{d}個遠のく"),
        },
    };
    let water = if a.water_moves > 0 {
        match lang {
            Lang::En => format!(" ({} onto Water, where the sticks decide: half the time, R12.6)", a.water_moves),
            Lang::Ja => format!("（うち水へ{}：棒で決まり、成功は半々、R12.6）", a.water_moves),
        }
    } else {
        String::new()
    };
    match lang {
        Lang::En => format!(
            "Discard {}: then {} of your pieces can move, {} way{} to capture{water}. Your hand: {change}.",
            piece(lang, a.piece),
            a.movers.len(),
            a.moves,
            if a.moves == 1 { "" } else { "s" }
        ),
        Lang::Ja => format!(
            "{}を捨てると：動ける駒{}、取り方{}通り{water}。手札：{change}。",
            piece(lang, a.piece),
            a.movers.len(),
            a.moves
        ),
    }
}

/// The helpful pieces: "Green 8 (2 / 1), Joker (1 / 0)".
pub fn helpers(lang: Lang, advice: &Advice) -> String {
    if advice.helpers.is_empty() {
        return l(lang, L::NoHelp).into();
    }
    let sep = lang.pick(", ", "、");
    advice
        .helpers
        .iter()
        .map(|h| format!("{} ({} / {})", piece(lang, h.piece), h.unseen, h.on_board))
        .collect::<Vec<_>>()
        .join(sep)
}

/// The hint's reason in one plain sentence.
pub fn why(lang: Lang, why: Why) -> String {
    match (lang, why) {
        (Lang::En, Why::Declare { points }) => {
            format!("The hand is complete: declaring now scores {points} (R11, R17).")
        }
        (Lang::Ja, Why::Declare { points }) => format!("手が揃っています。いま宣言すれば{points}点です（R11, R17）。"),
        (Lang::En, Why::Stalemate) => "Nothing can be discarded, so the Stalemate ends the Season (R19).".into(),
        (Lang::Ja, Why::Stalemate) => "捨てられる駒がないので、闇戦之集でラウンドを終えます（R19）。".into(),
        (Lang::En, Why::Form { bonus }) => format!("Forming this set now earns its bonus of {bonus} (R10, R15)."),
        (Lang::Ja, Why::Form { bonus }) => format!("この組合せをいま配属すればボーナス{bonus}を得ます（R10, R15）。"),
        (Lang::En, Why::Dissolve) => "Taking the Department's pieces back opens a better Day (R9).".into(),
        (Lang::Ja, Why::Dissolve) => "組合せを戻すと、よりよい手番が開けます（R9）。".into(),
        (Lang::En, Why::Closer { taken, to }) => {
            format!("It takes the {}, which brings the hand closer: {}", piece(lang, taken), distance(lang, to))
        }
        (Lang::Ja, Why::Closer { taken, to }) => {
            format!("{}を取り、手が近づきます：{}", piece(lang, taken), distance(lang, to))
        }
        (Lang::En, Why::Keeps { discard }) => format!(
            "No Hiring brings the hand closer now; giving up the {} keeps the most useful pieces.",
            piece(lang, discard)
        ),
        (Lang::Ja, Why::Keeps { discard }) => {
            format!("いま近づく登用はありません。{}を手放すのが、役立つ駒をいちばん残します。", piece(lang, discard))
        }
    }
}

/// The Strong player's plan in words: "Discard Green 5, move the piece on e4 to d5".
pub fn plan_text(lang: Lang, plan: &[Action]) -> String {
    let step = |a: &Action| -> Option<String> {
        Some(match (lang, *a) {
            (Lang::En, Action::Discard { piece: p }) => format!("discard {}", piece(lang, p)),
            (Lang::Ja, Action::Discard { piece: p }) => format!("{}を捨て", piece(lang, p)),
            (Lang::En, Action::Move { from }) => format!("move the piece on {}", square(lang, from)),
            (Lang::Ja, Action::Move { from }) => format!("{}の駒を", square(lang, from)),
            (Lang::En, Action::Capture { to }) => format!("to {}", square(lang, to)),
            (Lang::Ja, Action::Capture { to }) => format!("{}へ動かす", square(lang, to)),
            // With a Joker, the reading tells apart two sets of the same pieces.
            (Lang::En, Action::Form { pieces: ps, reading }) => {
                format!("form {}{}", pieces(lang, &ps), joker_reading(lang, &ps, &reading))
            }
            (Lang::Ja, Action::Form { pieces: ps, reading }) => {
                format!("{}{}を配属し", pieces(lang, &ps), joker_reading(lang, &ps, &reading))
            }
            (Lang::En, Action::Dissolve { department }) => format!("dissolve Department {}", department + 1),
            (Lang::Ja, Action::Dissolve { department }) => format!("{}番目の組合せを温故知新し", department + 1),
            (_, Action::Declare) => lang.pick("declare Lauzait-Cep!", "国官集来を宣言").into(),
            (_, Action::DeclareStalemate) => lang.pick("declare the Stalemate", "闇戦之集を宣言").into(),
            _ => return None,
        })
    };
    let steps: Vec<String> = plan.iter().filter_map(step).collect();
    match lang {
        Lang::En => super::case::capitalised(steps.join(", ").replace(", to ", " to ")),
        Lang::Ja => steps.join("、").replace("を、", "を"),
    }
}

/// The hint as said and shown: the plan, then why.
pub fn hint_text(lang: Lang, plan: &[Action], reason: Why) -> String {
    match lang {
        Lang::En => format!("Hint: {}. {}", plan_text(lang, plan), why(lang, reason)),
        Lang::Ja => format!("ヒント：{}。{}", plan_text(lang, plan), why(lang, reason)),
    }
}
