//! Your record's model alone: the stored text read or set aside, a game kept and rated,
//! the export and the delete that must be confirmed.

use super::*;
use crate::storage_refusal::StorageRefusal;
use lauzait_autoplay::RequestId;
use lauzait_bots::Level;
use lauzait_history::{SeatResult, Sitter, Tenths};

fn send(stats: &mut Stats, msg: StatsMsg) -> (StatsOutcome, Vec<Effect>) {
    let mut ctx = Ctx::new(0.0, 0);
    let out = stats.update(msg, Lang::En, &mut ctx);
    (out, ctx.into_effects())
}

fn button(stats: &mut Stats, intent: StatsIntent) -> (StatsOutcome, Vec<Effect>) {
    send(stats, StatsMsg::Button(intent))
}

fn won_against_easy() -> PlayedGame {
    let seat = |sitter, points| SeatResult { sitter, points, declarations: 0, stalemates: 0 };
    PlayedGame {
        seats: vec![seat(Sitter::Person, 9), seat(Sitter::Computer(Level::Easy), 3)],
        you: Some(0),
        figures: None,
    }
}

fn saved(effects: &[Effect]) -> Option<&str> {
    effects.iter().find_map(|e| match e {
        Effect::SaveHistory(text) => Some(text.as_str()),
        _ => None,
    })
}

#[test]
fn a_game_kept_is_written_and_its_figures_follow() {
    let mut stats = Stats::default();
    send(&mut stats, StatsMsg::Stored(None));
    let mut ctx = Ctx::new(0.0, 0);
    stats.keep(won_against_easy(), &mut ctx);
    assert_eq!(saved(&ctx.into_effects()), Some("LZH1\n0 p,9,0,0 e,3,0,0"));
    let figures = Figures { agreement: Some(Tenths(750)), accuracy: Some(Tenths(812)), costly: 1 };
    let mut ctx = Ctx::new(0.0, 0);
    stats.rated(figures, &mut ctx);
    assert_eq!(saved(&ctx.into_effects()), Some("LZH1\n0 p,9,0,0 e,3,0,0 f,750,812,1"));
    // The same figures again (a reload rates the game on screen again): nothing to write.
    let mut ctx = Ctx::new(0.0, 0);
    stats.rated(figures, &mut ctx);
    assert!(ctx.into_effects().is_empty());
}

#[test]
fn an_unreadable_history_is_left_alone_and_said() {
    let mut stats = Stats::default();
    send(&mut stats, StatsMsg::Stored(Some("LZH1\n0 p,9,0,0".into())));
    assert!(stats.history().is_err());
    let mut ctx = Ctx::new(0.0, 0);
    stats.keep(won_against_easy(), &mut ctx);
    assert!(ctx.into_effects().is_empty(), "nothing overwrites the stored text");
    let (out, _) = button(&mut stats, StatsIntent::Open);
    let StatsOutcome::Opened(text) = out else { panic!("{out:?}") };
    assert!(text.contains("could not be read") && text.contains("game 1"), "{text}");
    // Deleting is the way out.
    button(&mut stats, StatsIntent::Delete);
    let (_, effects) = button(&mut stats, StatsIntent::DeleteConfirm);
    assert_eq!(effects, vec![Effect::ForgetHistory]);
    assert_eq!(stats.history().as_deref(), Ok(&History::default()));
}

#[test]
fn delete_asks_first_and_export_offers_the_text() {
    let mut stats = Stats::default();
    send(&mut stats, StatsMsg::Stored(Some("LZH1\n0 p,9,0,0 e,3,0,0".into())));
    let (out, effects) = button(&mut stats, StatsIntent::Export);
    assert_eq!(
        effects,
        vec![Effect::Download { file_name: EXPORT_FILE.into(), text: "LZH1\n0 p,9,0,0 e,3,0,0".into() }]
    );
    assert!(matches!(out, StatsOutcome::Say(_)));
    // A confirmation without the question deletes nothing.
    let (_, effects) = button(&mut stats, StatsIntent::DeleteConfirm);
    assert!(effects.is_empty());
    button(&mut stats, StatsIntent::Delete);
    assert!(stats.deleting());
    button(&mut stats, StatsIntent::DeleteCancel);
    assert!(!stats.deleting());
    assert_eq!(stats.history().map(|h| h.games().len()), Ok(1));
    button(&mut stats, StatsIntent::Delete);
    stats.close();
    let (_, effects) = button(&mut stats, StatsIntent::DeleteConfirm);
    assert!(effects.is_empty(), "closing the screen forgets the question");
    button(&mut stats, StatsIntent::Delete);
    let (_, effects) = button(&mut stats, StatsIntent::DeleteConfirm);
    assert_eq!(effects, vec![Effect::ForgetHistory]);
    let (_, effects) = button(&mut stats, StatsIntent::Export);
    assert!(effects.is_empty(), "nothing to export");
}

#[test]
fn a_refused_write_is_said_with_why() {
    let mut stats = Stats::default();
    let (out, _) = send(&mut stats, StatsMsg::SaveFailed(StorageRefusal::Full));
    assert_eq!(
        out,
        StatsOutcome::Say("The finished game could not be kept in your record: the browser's storage is full.".into())
    );
}

#[test]
fn every_button_reads_back_from_its_code() {
    for intent in [
        StatsIntent::Open,
        StatsIntent::Export,
        StatsIntent::Delete,
        StatsIntent::DeleteConfirm,
        StatsIntent::DeleteCancel,
    ] {
        assert_eq!(StatsIntent::parse(intent.code()), Some(intent));
    }
    assert_eq!(StatsIntent::parse("stats-nope"), None);
}

#[test]
fn opening_asks_the_rater_and_shows_only_the_answer_to_that_request() {
    let mut stats = Stats::default();
    send(&mut stats, StatsMsg::Stored(Some("LZH1\n0 p,9,0,0 e,3,0,0".into())));
    let (out, effects) = button(&mut stats, StatsIntent::Open);
    assert_eq!(out, StatsOutcome::Opened("Working out your record…".into()));
    let [Effect::AskRater(text)] = &effects[..] else { panic!("{effects:?}") };
    let request = RecordRequest::from_text(text).unwrap();
    assert_eq!(request.history.to_text(), "LZH1\n0 p,9,0,0 e,3,0,0", "the games kept, as stored");
    let answer = |id| {
        let text = rater::answer(&RecordRequest { id, history: request.history.clone() }.to_text());
        Box::new(RecordReply::from_text(&text).unwrap())
    };
    let (out, _) = send(&mut stats, StatsMsg::Reply(answer(RequestId::Record(0))));
    assert_eq!(out, StatsOutcome::Unchanged, "an earlier request's answer is dropped");
    assert_eq!(stats.figured(), &Figured::Asking { id: 1 });
    let (out, _) = send(&mut stats, StatsMsg::Reply(answer(request.id)));
    let StatsOutcome::Say(said) = out else { panic!("{out:?}") };
    assert!(said.starts_with("Your record: 1 games kept, won 1 of 1 (100%)"), "{said}");
    let Figured::Shown(reply) = stats.figured() else { panic!() };
    assert!(reply.html[1].as_str().contains("あなた") || reply.html[1].as_str().contains("やさしい"));
    stats.close();
    assert_eq!(stats.figured(), &Figured::Nothing);
}

#[test]
fn an_empty_or_unreadable_record_needs_no_rater() {
    let mut stats = Stats::default();
    let (out, effects) = button(&mut stats, StatsIntent::Open);
    assert_eq!(out, StatsOutcome::Opened(crate::i18n::stats::empty(Lang::En).into()));
    assert!(effects.is_empty());
}

#[test]
fn what_is_not_a_request_or_a_reply_is_refused() {
    // A game line the history's reader refuses: the rater says it could not read it.
    assert_eq!(rater::answer("record1\nid record 1\ngame 0 p,1,0,0"), RecordReply::unreadable_request());
    assert_eq!(rater::answer("rate2"), RecordReply::unreadable_request());
    assert_eq!(RecordReply::from_text(&RecordReply::unreadable_request()), Err(RecordTextError::NoRequest));
    assert!(RecordReply::from_text("record-reply1\nid record 1\nsay-en x").is_err());
    assert!(RecordRequest::from_text("record1\nid rating 1\ngame 0 p,1,0,0 e,0,0,0\nextra").is_err());
}

const TWO_GAMES: &str = "LZH1\n0 p,9,0,0 e,3,0,0\n0 p,2,0,0 e,8,0,0";
/// A game line with one seat: the history's reader refuses it.
const DAMAGED: &str = "LZH1\n0 p,9,0,0";

#[test]
fn the_stored_text_is_kept_unread_at_the_start() {
    let mut stats = Stats::default();
    let (out, effects) = send(&mut stats, StatsMsg::Stored(Some(TWO_GAMES.into())));
    assert_eq!((out, effects), (StatsOutcome::Unchanged, vec![]));
    assert_eq!(stats.kept, Kept::Unread(TWO_GAMES.into()), "not parsed on the first screen");
    assert!(stats.unread());
    // Nothing stored: nothing to read, and no game either.
    let mut none = Stats::default();
    send(&mut none, StatsMsg::Stored(None));
    assert_eq!(none.kept, Kept::Read(History::default()));
    assert!(!none.unread());
}

#[test]
fn the_stored_text_is_read_when_the_screen_opens() {
    let mut stats = Stats::default();
    send(&mut stats, StatsMsg::Stored(Some(TWO_GAMES.into())));
    let (out, effects) = button(&mut stats, StatsIntent::Open);
    assert_eq!(out, StatsOutcome::Opened("Working out your record…".into()));
    assert!(!stats.unread(), "read once, and kept read");
    let Kept::Read(history) = &stats.kept else { panic!("{:?}", stats.kept) };
    assert_eq!(history.to_text(), TWO_GAMES);
    let [Effect::AskRater(text)] = &effects[..] else { panic!("{effects:?}") };
    assert_eq!(RecordRequest::from_text(text).unwrap().history.games().len(), 2);
}

#[test]
fn unreadable_stored_text_is_left_untouched_and_said_only_when_the_screen_opens() {
    let mut stats = Stats::default();
    let (out, effects) = send(&mut stats, StatsMsg::Stored(Some(DAMAGED.into())));
    assert_eq!((out, effects), (StatsOutcome::Unchanged, vec![]), "nothing said at the start");
    assert_eq!(stats.kept, Kept::Unread(DAMAGED.into()));
    let (out, effects) = button(&mut stats, StatsIntent::Open);
    let StatsOutcome::Opened(text) = out else { panic!("{out:?}") };
    assert!(text.contains("could not be read") && text.contains("game 1"), "{text}");
    assert!(effects.is_empty(), "no rater asked, nothing written over the stored text");
    let Err(why) = stats.history() else { panic!("read: {:?}", stats.kept) };
    assert!(matches!(stats.kept, Kept::Unreadable(ref kept) if *kept == why), "the typed error kept");
    let (_, effects) = button(&mut stats, StatsIntent::Export);
    assert!(effects.is_empty(), "no export of what could not be read");
}

#[test]
fn a_game_added_to_an_unread_history_is_kept_after_the_stored_games() {
    let mut stats = Stats::default();
    send(&mut stats, StatsMsg::Stored(Some(TWO_GAMES.into())));
    let mut ctx = Ctx::new(0.0, 0);
    stats.keep(won_against_easy(), &mut ctx);
    assert_eq!(saved(&ctx.into_effects()), Some(format!("{TWO_GAMES}\n0 p,9,0,0 e,3,0,0").as_str()));
    assert_eq!(stats.history().map(|h| h.games().len()), Ok(3));
    // A game ending over unread, damaged text reads it, and adds nothing over it.
    let mut damaged = Stats::default();
    send(&mut damaged, StatsMsg::Stored(Some(DAMAGED.into())));
    let mut ctx = Ctx::new(0.0, 0);
    damaged.keep(won_against_easy(), &mut ctx);
    assert!(ctx.into_effects().is_empty(), "nothing overwrites the stored text");
    assert!(matches!(damaged.kept, Kept::Unreadable(_)));
}
