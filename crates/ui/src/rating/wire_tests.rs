//! The rating's texts: a request and the rater's news read back exactly as written (the
//! figures to the last bit, the HTML as built), the rater's figures are the rating crate's,
//! and a text that is not exactly what the writer writes is refused, never half read.

use super::*;
use crate::i18n::Lang;
use crate::rating::test_game::finished;
use crate::rating::{RatedPerson, Rater, SeatFigures};
use lauzait_engine::Record;
use lauzait_rating::{items, rate_game};

const PLAYOUTS: u32 = 4;

fn request(record: Record, persons: Vec<usize>) -> RateRequest {
    RateRequest { id: RequestId::Rating(5), playouts: PLAYOUTS, persons, record }
}

/// Every text the rater posts for `text`, to the end of the game.
fn rated(text: &str) -> Vec<RaterReply> {
    let mut rater = Rater::default();
    let mut out: Vec<String> = rater.from_page(text).into_iter().collect();
    while let Some(reply) = rater.step() {
        out.push(reply);
    }
    out.iter().map(|t| RaterReply::from_text(t).unwrap_or_else(|e| panic!("{e}: {t}"))).collect()
}

#[test]
fn a_finished_game_travels_and_its_figures_come_back_as_rated_natively() {
    let (_, record) = finished(7, 14);
    let req = request(record.clone(), vec![0, 1]);
    let text = ToRater::Rate(req.clone()).to_text();
    assert_eq!(ToRater::from_text(&text), Ok(ToRater::Rate(req.clone())));
    assert!(ToRater::is_one(&text) && !RaterReply::is_one(&text));
    assert!(ToRater::is_one(&ToRater::Stop.to_text()));
    assert_eq!(ToRater::from_text(&ToRater::Stop.to_text()), Ok(ToRater::Stop));
    let replies = rated(&text);
    let all: usize = [0, 1].iter().map(|&s| items(&record, s).unwrap().len()).sum();
    assert_eq!(replies.len(), all + 1, "the count at once, then one reply an item");
    let mut persons = Vec::new();
    for (done, reply) in replies.into_iter().enumerate() {
        assert_eq!(reply.id, RequestId::Rating(5), "the asker comes back unchanged");
        let RaterNews::Progress { done: d, all: a, persons: p } = reply.news.clone() else { panic!("{reply:?}") };
        assert_eq!((d, a), (done, all));
        assert_eq!(RaterReply::from_text(&reply.to_text()), Ok(reply), "read back to the bit");
        persons.extend(p);
    }
    let seats: Vec<usize> = persons.iter().map(|p| p.figures.seat).collect();
    assert_eq!(seats, vec![0, 1], "each person once, in seat order");
    for p in &persons {
        let native = rate_game(&record, p.figures.seat, PLAYOUTS).unwrap();
        assert_eq!(p.figures, SeatFigures::of(&native), "the same figures as natively, to the bit");
        assert_eq!(p.html(Lang::En), &crate::html::rating_figures::person(Lang::En, &p.figures));
    }
}

#[test]
fn a_game_the_rater_cannot_rate_is_refused_with_why() {
    let (game, record) = finished(7, 6);
    let far = request(record.clone(), vec![0, 3]);
    let replies = rated(&ToRater::Rate(far).to_text());
    assert_eq!(replies.len(), 1);
    let refusal = RateRefusal::NoSuchSeat { seat: 3, seats: 2 };
    assert_eq!(replies[0].news, RaterNews::Refused(refusal));
    assert_eq!(refusal.to_string(), "there is no seat 4 at a table of 2");
    // A record made while the game was under way keeps the hands hidden.
    let public = request(Record::public(&game), vec![0]);
    assert_eq!(rated(&ToRater::Rate(public).to_text())[0].news, RaterNews::Refused(RateRefusal::PublicRecord));
}

#[test]
fn a_malformed_request_or_reply_is_refused() {
    let (_, record) = finished(7, 6);
    let text = ToRater::Rate(RateRequest { id: RequestId::Rating(2), ..request(record, vec![1]) }).to_text();
    for (from, to) in [
        ("rate2", "bot1"),
        ("id rating 2", "id rating x"),
        ("persons 1", "persons one"),
        ("persons 1", "persons"),
        ("record LZR2", "record LZR9"),
        ("playouts 4", "playouts 99999999"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert!(ToRater::from_text(&bad).is_err(), "{to}");
        // The rater answers it with no request's id, which the page refuses.
        let refused = RaterReply::from_text(&Rater::default().from_page(&bad).unwrap());
        assert!(
            matches!(&refused, Err(RateTextError::NoRequest { error: Some(e) }) if e.starts_with("unreadable request: ")),
            "{to}: {refused:?}"
        );
    }
    assert!(ToRater::from_text(&format!("{text}\nextra 1")).is_err());

    let figures = SeatFigures {
        seat: 1,
        agreement: None,
        costly: 0,
        accuracy: None,
        score_difference: -3.0,
        skill: -1.25,
        luck: -1.75,
    };
    let en = crate::html::rating_figures::person(Lang::En, &figures);
    let ja = crate::html::rating_figures::person(Lang::Ja, &figures);
    assert!(en.as_str().contains("No Day played to rate.") && !en.as_str().contains('\n'));
    let news = RaterReply {
        id: RequestId::Rating(2),
        news: RaterNews::Progress { done: 3, all: 3, persons: vec![RatedPerson { figures, en, ja }] },
    };
    let reply = news.to_text();
    assert_eq!(RaterReply::from_text(&reply), Ok(news));
    let refused = |text: &str| RaterReply::from_text(text).unwrap_err();
    assert!(matches!(
        refused(&reply.replacen("rate-reply2", "bot-reply1", 1)),
        RateTextError::Wire(WireError::Mark { .. })
    ));
    assert!(matches!(refused(&reply.replacen("progress 3 3", "progress 3", 1)), RateTextError::Malformed { .. }));
    assert!(matches!(refused(&reply.replacen("progress 3 3", "progress 3 3 3", 1)), RateTextError::Malformed { .. }));
    assert!(matches!(refused(&reply.replacen("seat 1", "seat x", 1)), RateTextError::Malformed { key: "seat", .. }));
    assert!(matches!(
        refused(&reply.replacen("seat 1 - 0 -", "seat 1 - 0", 1)),
        RateTextError::Malformed { key: "seat", .. }
    ));
    assert!(matches!(refused(&reply.replacen("c008", "c00z", 1)), RateTextError::Wire(WireError::NotHex { .. })));
    assert!(matches!(refused(&reply.replacen("\nja ", "\nfr ", 1)), RateTextError::Wire(WireError::Expected { .. })));
    assert!(matches!(refused(&format!("{reply}\nextra")), RateTextError::Wire(WireError::Unexpected { .. })));
    assert!(matches!(
        refused("rate-reply2\nid rating 2"),
        RateTextError::Wire(WireError::Expected { key: "progress", .. })
    ));
    for bad in ["maybe", "seat 1", "public 1"] {
        assert!(matches!(
            refused(&format!("rate-reply2\nid rating 2\nrefused {bad}")),
            RateTextError::Malformed { key: "refused", .. }
        ));
    }
    for refusal in [
        RateRefusal::PublicRecord,
        RateRefusal::NoSuchSeat { seat: 2, seats: 2 },
        RateRefusal::Unplayable,
        RateRefusal::NotAnItem,
    ] {
        let reply = RaterReply { id: RequestId::Rating(9), news: RaterNews::Refused(refusal) };
        assert_eq!(RaterReply::from_text(&reply.to_text()), Ok(reply));
    }
}
