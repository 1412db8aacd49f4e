//! A phone's data channel as its page sees it (`table::channel`): open, lost, and the hello
//! said again until the host answers, a bounded number of times, for the current opening only.

use lauzait_table_mode::channel::{GuestChannel, HELLO_TRIES};

#[test]
fn the_hello_is_said_again_until_the_host_answers() {
    let mut c = GuestChannel::default();
    assert!(!c.connected() && !c.lost(), "waiting for the host");
    let opening = c.opened();
    assert!(c.connected());
    assert!(c.hello_again(opening));
    c.heard();
    assert!(!c.hello_again(opening), "the host answered: the timer stops");
    assert!(c.connected());
}

#[test]
fn the_hello_is_said_again_a_bounded_number_of_times() {
    let mut c = GuestChannel::default();
    let opening = c.opened();
    let sent = (0..HELLO_TRIES + 3).filter(|_| c.hello_again(opening)).count();
    assert_eq!(sent, HELLO_TRIES as usize);
}

#[test]
fn a_lost_channel_says_so_and_an_earlier_openings_timer_stops() {
    let mut c = GuestChannel::default();
    let first = c.opened();
    c.closed();
    assert!(c.lost() && !c.connected());
    assert!(!c.hello_again(first), "nothing is sent on a closed channel");
    let second = c.opened();
    assert!(!c.lost() && c.connected(), "back on the seat's new code");
    assert!(!c.hello_again(first), "the first opening's timer stops");
    assert!(c.hello_again(second), "the second's goes on");
}

#[test]
fn a_close_before_any_opening_is_not_a_loss() {
    let mut c = GuestChannel::default();
    c.closed();
    c.heard();
    assert!(!c.lost() && !c.connected());
}
