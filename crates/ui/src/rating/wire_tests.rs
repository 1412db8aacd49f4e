//! The rating's texts: a request and its reply read back exactly as written (the estimates
//! to the last bit), the worker's answer is `rate_item`'s, and a text that is not exactly
//! what the writer writes is refused, never half read.

use super::*;
use crate::rating::test_game::finished;
use lauzait_rating::items;

const PLAYOUTS: u32 = 4;

#[test]
fn every_item_of_a_finished_game_travels_and_its_rating_comes_back_as_rated_natively() {
    let (_, record) = finished(7, 14);
    let items = items(&record, 0).unwrap();
    for kind in ["day", "throw", "deal"] {
        let Some(item) = items.iter().find(|i| item_kind(i) == kind) else { continue };
        let req = RateRequest {
            id: RequestId::Rating(5),
            seat: 0,
            playouts: PLAYOUTS,
            item: item.clone(),
            record: record.clone(),
        };
        assert_eq!(RateRequest::from_text(&req.to_text()), Ok(req.clone()), "{kind}");
        assert!(RateRequest::is_one(&req.to_text()) && !RateReply::is_one(&req.to_text()));
        let text = answer(&req.to_text(), || 0.0);
        assert!(RateReply::is_one(&text));
        let reply = RateReply::from_text(&text).unwrap();
        assert_eq!(reply.id, RequestId::Rating(5), "the asker comes back unchanged");
        let native = rate_item(&record, 0, item, PLAYOUTS).unwrap();
        assert_eq!(reply.rated, Ok(native), "{kind}: the same figures as natively, to the bit");
        assert_eq!(RateReply::from_text(&reply.to_text()), Ok(reply));
    }
    assert!(items.iter().any(|i| item_kind(i) == "day") && items.iter().any(|i| item_kind(i) == "deal"));
}

fn item_kind(item: &Item) -> &'static str {
    match item {
        Item::Day { .. } => "day",
        Item::Throw { .. } => "throw",
        Item::Deal { .. } => "deal",
    }
}

#[test]
fn an_item_the_record_does_not_have_is_refused_with_why() {
    let (game, record) = finished(7, 6);
    let req = RateRequest {
        id: RequestId::Rating(1),
        seat: 0,
        playouts: PLAYOUTS,
        item: Item::Throw { capture: 0 },
        record: record.clone(),
    };
    let reply = RateReply::from_text(&answer(&req.to_text(), || 0.0)).unwrap();
    assert_eq!(reply.rated, Err(RateRefusal::NotAnItem));
    let far = RateRequest { seat: 3, ..req.clone() };
    let reply = RateReply::from_text(&answer(&far.to_text(), || 0.0)).unwrap();
    assert_eq!(reply.rated, Err(RateRefusal::NoSuchSeat { seat: 3, seats: 2 }));
    assert_eq!(reply.rated.unwrap_err().to_string(), "there is no seat 4 at a table of 2");
    // A record made while the game was under way keeps the hands hidden.
    let public = RateRequest { record: Record::public(&game), ..req };
    let reply = RateReply::from_text(&answer(&public.to_text(), || 0.0)).unwrap();
    assert_eq!(reply.rated, Err(RateRefusal::PublicRecord));
}

#[test]
fn a_malformed_request_or_reply_is_refused() {
    let (_, record) = finished(7, 6);
    let req =
        RateRequest { id: RequestId::Rating(2), seat: 1, playouts: PLAYOUTS, item: Item::Deal { opening: 0 }, record };
    let text = req.to_text();
    for (from, to) in [
        ("rate1", "bot1"),
        ("id rating 2", "id rating x"),
        ("seat 1", "seat one"),
        ("item deal 0", "item deal"),
        ("item deal 0", "item deal 0 x1"),
        ("item deal 0", "item trade 0"),
        ("record LZR2", "record LZR9"),
        ("playouts 4", "playouts 99999999"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert!(RateRequest::from_text(&bad).is_err(), "{to}");
        // The worker answers it with no request's id, which the page refuses.
        let refused = RateReply::from_text(&answer(&bad, || 0.0));
        assert!(
            matches!(&refused, Err(RateTextError::NoRequest { error: Some(e) }) if e.starts_with("unreadable request: ")),
            "{to}: {refused:?}"
        );
    }
    assert!(RateRequest::from_text(&format!("{text}\nextra 1")).is_err());

    let deal = RateReply {
        id: RequestId::Rating(2),
        ms: 1.5,
        rated: Ok(Rated::Deal(DealLuck { opening: 0, season: 1, value: 0.25, average: -1.0 })),
    };
    let reply = deal.to_text();
    assert_eq!(RateReply::from_text(&reply), Ok(deal));
    let throw = "rate-reply1\nid rating 2\nms 0000000000000000\nthrow 9 1 2 arrives 3fd0000000000000 bff0000000000000";
    assert!(matches!(RateReply::from_text(throw).unwrap().rated, Ok(Rated::Throw(t)) if t.luck() == 0.625));
    let refused = |text: &str| RateReply::from_text(text).unwrap_err();
    assert!(matches!(
        refused(&reply.replacen("rate-reply1", "bot-reply1", 1)),
        RateTextError::Wire(WireError::Mark { .. })
    ));
    assert!(matches!(
        refused(&reply.replacen("deal 0 1 ", "deal 0 x ", 1)),
        RateTextError::Malformed { key: "deal", .. }
    ));
    assert!(matches!(refused(&reply.replacen("3fd0", "3fdz", 1)), RateTextError::Wire(WireError::NotHex { .. })));
    assert!(matches!(refused(&format!("{reply} 00")), RateTextError::Malformed { .. }));
    assert!(matches!(refused(&format!("{reply}\nextra")), RateTextError::Wire(WireError::Unexpected { .. })));
    assert!(matches!(refused(&throw.replacen("arrives", "flies", 1)), RateTextError::Malformed { key: "throw", .. }));
    assert!(matches!(
        refused(
            "rate-reply1\nid rating 2\nms 0000000000000000\nday 3 1 1 0000000000000000 0000000000000000\nplayed zz9"
        ),
        RateTextError::Actions(_)
    ));
    assert!(matches!(
        refused("rate-reply1\nid rating 2\nms 0000000000000000"),
        RateTextError::Wire(WireError::Expected { key: "refused", .. })
    ));
    assert!(matches!(
        refused("rate-reply1\nid rating 2\nms 0000000000000000\nrefused maybe"),
        RateTextError::Malformed { key: "refused", .. }
    ));
    for refusal in [
        RateRefusal::PublicRecord,
        RateRefusal::NoSuchSeat { seat: 2, seats: 2 },
        RateRefusal::Unplayable,
        RateRefusal::NotAnItem,
    ] {
        let reply = RateReply { id: RequestId::Rating(9), ms: 0.0, rated: Err(refusal) };
        assert_eq!(RateReply::from_text(&reply.to_text()), Ok(reply));
    }
}
