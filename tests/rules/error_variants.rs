//! Each reader's error names what was wrong as a variant a caller can match (not only as
//! words): a malformed record, position, seat's view or save gives the variant for its fault.
//! The words each variant shows are the ones people read, checked beside it.

use lauzait_engine::notation::{hand_pieces, pieces_in, three_pieces, NoDeal, NotationCause, Position};
use lauzait_engine::randomness::seeded;
use lauzait_engine::*;

const BOARD: &str = "G1G1G1G1G2/G2G2G2G3G3/G3G3-G4G4/G4G5G5G5G6/G6G6G7G7G7";

fn position_cause(text: &str) -> (usize, NotationCause) {
    let e = Position::parse(text).unwrap_err();
    (e.token, e.why)
}

#[test]
fn a_record_names_its_fault() {
    let e = Record::parse("LZR3 red,blue lum=off :").unwrap_err();
    assert_eq!((e.token, e.why), (1, NotationCause::NotARecord));
    let e = Record::parse("LZR2 red,red lum=off :").unwrap_err();
    assert_eq!(e.why, NotationCause::Options(OptionsError::SharedSeat), "R3");
    let e = Record::parse("LZR2 red lum=off :").unwrap_err();
    assert_eq!(e.why, NotationCause::Options(OptionsError::PlayerCount { count: 1 }), "R3");
    let e = Record::parse("LZR2 red,green lum=off :").unwrap_err();
    assert_eq!(e.why, NotationCause::UnknownSeat { text: "green".into() });
    let e = Record::parse("LZR2 red,blue lum=maybe :").unwrap_err();
    assert_eq!((e.token, e.why), (3, NotationCause::LuminousRule));
    let e = Record::parse("LZR2 red,blue lum=off G1").unwrap_err();
    assert_eq!((e.token, e.why), (4, NotationCause::NoColon));
    let e = Record::parse("LZR2 red,blue lum=off : *1010").unwrap_err();
    assert_eq!((e.token, e.why), (5, NotationCause::Sticks), "R5");
    let e = Record::parse("LZR2 red,blue lum=off : >f9").unwrap_err();
    assert!(matches!(e.why, NotationCause::Square(_)), "{e}");
    let e = Record::parse("LZR2 red,blue lum=off : fG1G2G4=G1G2G4").unwrap_err();
    assert!(matches!(e.why, NotationCause::NotASet(_)), "R14: {e}");
    let e = Record::parse("LZR2 red,blue lum=off : ?").unwrap_err();
    assert_eq!(e.why, NotationCause::NotAnAction);
    let e = Record::parse("LZR1 red,blue lum=off seed=x :").unwrap_err();
    assert_eq!((e.token, e.why), (4, NotationCause::Seed));
    let e = Record::parse("LZR1 red,blue lum=off seed=1 : n").unwrap_err();
    assert!(matches!(e.why, NotationCause::Refused { action: 1, error: RuleError::SeasonNotOver }), "{e}");
    let e = Record::parse(&"G1 ".repeat(notation::MAX_RECORD_BYTES)).unwrap_err();
    assert!(matches!(e.why, NotationCause::TooLong { what: "record", .. }), "{e}");
}

#[test]
fn r1_r3_a_record_under_way_that_no_deal_fits_says_why() {
    // A public deal that shows more copies of a piece than the game has: no pool is left to
    // deal the hidden hands from.
    let text =
        "LZR2 red,blue lum=on : deal W0G4W8G1G6/W1W9G5W2W3/W8W2-G2G9/W7JW6W7G8/W5W6W3G6G5 red- lum=W5 hidden W6 a2 >a3";
    let e = Record::parse(text).unwrap().replay().unwrap_err();
    assert_eq!(e.why, NotationCause::NoDeal(NoDeal::ExcessCopies), "{e}");
}

#[test]
fn a_position_names_its_fault() {
    assert_eq!(position_cause("LZP1 a b c d"), (0, NotationCause::PositionTokens { count: 5 }));
    let ok = format!("LZP1 {BOARD} red:0:9,blue:0:9 red+ s1d1 lum=off");
    assert!(Position::parse(&ok).is_ok());
    let at = |token: usize, with: &str| {
        let mut t: Vec<&str> = ok.split(' ').collect();
        t[token - 1] = with;
        position_cause(&t.join(" "))
    };
    assert_eq!(at(1, "LZP2"), (1, NotationCause::NotAPosition));
    assert_eq!(at(2, "G1/G2"), (2, NotationCause::Ranks { count: 2 }));
    assert_eq!(
        at(2, "G1G1G1G1G2/G2G2G2G3G3/G3G3G3G4G4/G4G5G5G5G6/G6G6G7G7G7").1,
        NotationCause::Board(BoardError { empty_squares: 0 }),
        "R2"
    );
    assert_eq!(
        at(2, "G1G1G1G1/G2G2G2G3G3/G3G3-G4G4/G4G5G5G5G6/G6G6G7G7G7").1,
        NotationCause::RankSquares { rank: 5, count: 4 }
    );
    assert_eq!(at(3, "blue:0:9,red:0:9").1, NotationCause::SeatOrder);
    assert_eq!(at(3, "red:x:9,blue:0:9").1, NotationCause::ScoreNotNumber { seat: Seat::Red, text: "x".into() });
    assert_eq!(
        at(3, "red:0:9,blue:-100000001:9").1,
        NotationCause::Score { seat: Seat::Blue, cause: LimitError::Points { points: -100_000_001 } }
    );
    assert_eq!(at(3, "red:0:10,blue:0:9").1, NotationCause::HiddenTooMany { seat: Seat::Red, count: "10".into() });
    assert_eq!(at(3, "red:0:9,blue:0:8").1, NotationCause::HandSize { seat: Seat::Blue, total: 8 }, "R6");
    assert_eq!(at(3, "red:0:9:a:b,blue:0:9").1, NotationCause::PlayerColons { text: "red:0:9:a:b".into() });
    assert_eq!(at(3, "red").1, NotationCause::PlayerShape { text: "red".into() });
    assert_eq!(at(3, "red:0:6:G1G2G3,blue:0:9").1, NotationCause::DepartmentShape { text: "G1G2G3".into() });
    assert_eq!(at(3, "red:0:6:G1G2G4=G1G2G3,blue:0:9").1, NotationCause::CannotRead { text: "G1G2G4=G1G2G3".into() });
    assert_eq!(at(4, "red"), (4, NotationCause::TurnShape));
    assert_eq!(at(4, "black+"), (4, NotationCause::SeatNotPlaying));
    assert_eq!(at(5, "s0d1"), (5, NotationCause::SeasonDayShape));
    assert_eq!(at(5, "s3d1"), (5, NotationCause::SeasonPastEnd { season: 3, players: 2 }), "R20");
    assert_eq!(at(5, "s1d1000001"), (5, NotationCause::Limit(LimitError::Day { day: 1_000_001 })));
    assert_eq!(at(6, "luminous"), (6, NotationCause::LuminousShape));
    assert!(matches!(at(6, "lum=G0").1, NotationCause::Excess(ExcessPieces::NotInGame { .. })), "R3");
}

#[test]
fn r12_a_step_out_of_the_days_order_names_the_step_and_the_moment() {
    let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut seeded(6));
    let e = game.apply(Action::Capture { to: "c3".parse().unwrap() }, &mut seeded(0)).unwrap_err();
    assert_eq!(e, RuleError::WrongPhase { action: DayStep::Capturing, phase: DayMoment::ChooseMoveFirst });
    assert_eq!(e.to_string(), "capturing is not possible now: choose a piece to move first (A Day, R9–R12)");
}

#[test]
fn pieces_name_their_fault() {
    assert_eq!(pieces_in("G3G").unwrap_err(), NotationCause::UnfinishedPiece { text: "G".into() });
    assert!(matches!(pieces_in("X1").unwrap_err(), NotationCause::Piece(_)));
    assert_eq!(hand_pieces(&"G1".repeat(10)).unwrap_err(), NotationCause::HandTooLarge { count: 10 }, "R6");
    assert_eq!(three_pieces("G1G2").unwrap_err(), NotationCause::NotThreePieces { text: "G1G2".into() });
    let pieces: PieceCounts = ["J"; 3].iter().map(|c| c.parse::<Piece>().unwrap()).collect();
    assert_eq!(
        pieces.check_in_game(PlayerCount::Two),
        Err(ExcessPieces::TooMany { piece: Piece::JOKER, count: 3, copies: 2 }),
        "R1"
    );
    assert_eq!(PlayerCount::try_from(5), Err(PlayerCountError { count: 5 }));
    let [a, b, c] = ["G1", "G2", "W3"].map(|p| p.parse::<Piece>().unwrap());
    assert_eq!(Reading::from_pieces([a, b, c]), Err(NotASet { pieces: [a, b, c] }), "R14");
}

#[test]
fn a_seat_view_names_its_fault() {
    let game = Game::new(GameOptions::for_players(2, true).unwrap(), &mut seeded(4));
    let view = SeatView::new(&game.view(0).unwrap());
    let text = view.to_text();
    let e = SeatView::from_text(&text.replacen("sv1", "sv0", 1)).unwrap_err();
    assert_eq!(e, ViewTextError { token: 1, why: ViewTextFault::Mark { expected: "sv1" } });
    let e = SeatView::from_text("sv1").unwrap_err();
    assert_eq!(e.why, ViewTextFault::EndsEarly);
    let e = SeatView::from_text(&format!("{text} x")).unwrap_err();
    assert_eq!(e.why, ViewTextFault::GoesOn);
    let e = SeatView::from_text("sv1 0 9999 0").unwrap_err();
    assert_eq!(e, ViewTextError { token: 3, why: ViewTextFault::ListTooLong { length: 9999 } });

    let mut bad = view.clone();
    bad.seat = 7;
    assert_eq!(bad.rebuild().unwrap_err(), RebuildError::NoSuchSeat { what: "this seat", seat: 7, players: 2 });
    let mut bad = view.clone();
    bad.luminous = None;
    assert_eq!(bad.rebuild().unwrap_err(), RebuildError::Luminous, "R30");
    let mut bad = view.clone();
    bad.hands[1].concealed = 8;
    assert_eq!(bad.rebuild().unwrap_err(), RebuildError::HandShape { seat: 1, departments: 0, concealed: 8 }, "R6");
    let mut bad = view.clone();
    bad.day = 2_000_000;
    assert_eq!(bad.rebuild().unwrap_err(), RebuildError::Limit(LimitError::Day { day: 2_000_000 }));
}

#[test]
fn an_edited_save_names_its_fault() {
    let game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut seeded(5));
    let mut value = serde_json::to_value(&game).unwrap();
    value["scores"][0] = 3.into();
    let edited: Game = serde_json::from_value(value).unwrap();
    assert_eq!(edited.verified().unwrap_err(), VerifyError::DoesNotMatch);
}
