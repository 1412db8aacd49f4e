//! Live play across networks on the host's and the phones' screens: the ICE servers the
//! host's player sets in the table's settings, kept in the browser's storage and used for
//! every connection of the table.

use super::table_sim::{entropy, Sim};
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, HostScreen, SCREEN_ENTROPY};
use lauzait_table_mode::ice_error::IceFault;

const TWO_SERVERS: &str = "stun:stun.example.org:3478\nturn:turn.example.org:3478?transport=tcp alice s3cret";

/// The offers the host's page is asked to make, with their servers.
fn offers(fx: &[HostEffect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            HostEffect::MakeOffer { ice, .. } => Some(ice.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_servers_typed_in_the_settings_are_stored_and_every_offer_uses_them() {
    let mut screen = HostScreen::new("https://example.org/table.html".into(), 64, None);
    assert!(screen.ice().servers().is_empty(), "none by default: nothing leaves the room");
    let fx = screen.update(HostEvent::IceServersEntered(format!("  {TWO_SERVERS}\n\n")), 0.0, &[]);
    assert!(fx.contains(&HostEffect::StoreIceServers(TWO_SERVERS.into())), "{fx:?}");
    assert!(fx.contains(&HostEffect::Redraw));
    assert!(screen.ice().saved());
    let fx = screen.update(
        HostEvent::Create { names: ["A", "B", "C", "D"].map(String::from).to_vec() },
        0.0,
        &entropy(7, SCREEN_ENTROPY),
    );
    assert_eq!(offers(&fx), vec![TWO_SERVERS.to_string(); 3], "each person's seat, through the servers");
}

#[test]
fn a_wrongly_typed_server_is_refused_with_which_and_why_and_nothing_is_stored() {
    let mut sim = Sim::new();
    let fx = sim.screen.update(HostEvent::IceServersEntered("stun:ok.example\nturn:relay.example".into()), 0.0, &[]);
    assert!(!fx.iter().any(|e| matches!(e, HostEffect::StoreIceServers(_))), "{fx:?}");
    let e = sim.screen.ice().error().unwrap();
    assert_eq!((e.number, e.entry.as_str(), e.fault), (2, "turn:relay.example", IceFault::TurnLogin));
    assert!(e.to_string().contains("for example turn:"), "{e}");
    // The table still sets, with no servers (what was stored before is kept).
    let fx = sim.screen.update(
        HostEvent::Create { names: ["A", "B", "C", "D"].map(String::from).to_vec() },
        0.0,
        &entropy(7, SCREEN_ENTROPY),
    );
    assert_eq!(offers(&fx), vec![String::new(); 3]);
}

#[test]
fn the_stored_servers_are_the_tables_when_the_page_loads_and_an_unreadable_store_says_why() {
    let screen = HostScreen::new("https://example.org/table.html".into(), 64, None).with_ice_servers(Some(TWO_SERVERS));
    assert!(screen.ice().servers().has_turn());
    assert_eq!(screen.ice().text(), TWO_SERVERS);
    let screen = HostScreen::new("https://example.org/table.html".into(), 64, None).with_ice_servers(Some("stun:"));
    assert!(screen.ice().servers().is_empty());
    assert_eq!(screen.ice().error().map(|e| e.fault), Some(IceFault::Host));
}
