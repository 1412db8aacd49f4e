//! The rater's side of the rating (docs/rating.md), which only the rater's module links
//! (`lauzait-rater`, src/web/rater.rs): the game the page posted, its persons' items
//! ([`lauzait_rating::items`]) rated one a step ([`lauzait_rating::rate_item`]), so that
//! the worker's shell can read the page's next text between two steps, and each person's
//! figures ([`GameRating`]) with their part of the results screen built in both languages
//! ([`crate::html::rating_figures`]) once all their items are rated.
//!
//! Pure: the texts come in, the replies go out as texts; no clock and no fresh entropy
//! (every search is seeded from the record).

use super::figures::{RatedPerson, SeatFigures};
use super::wire::{RateRefusal, RateRequest, RaterNews, RaterReply, ToRater};
use crate::html::rating_figures::person;
use crate::i18n::Lang;
use crate::puzzles::mine::Mistake;
use lauzait_autoplay::RequestId;
use lauzait_engine::Record;
use lauzait_learn::review::{self, Scale};
use lauzait_rating::{items, rate_item, GameRating, Item, Rated};

/// The rater: the game it is rating, if any, and the mistakes of the games it rated that
/// the page's queue has not yet shown to hold (docs/puzzles.md, "Your mistakes").
#[derive(Debug, Default)]
pub struct Rater {
    job: Option<Job>,
    mistakes: Vec<Mistake>,
}

/// A game being rated.
#[derive(Debug)]
struct Job {
    id: RequestId,
    record: Record,
    playouts: u32,
    persons: Vec<Person>,
    /// The person and their item to rate next.
    person: usize,
    item: usize,
    done: usize,
    all: usize,
}

/// One person's items and what is rated of them so far.
#[derive(Debug)]
struct Person {
    seat: usize,
    /// The person's final score and margin (`None`: nothing to compare it with, no figures).
    scale: Option<Scale>,
    items: Vec<Item>,
    rated: Vec<Rated>,
}

impl Rater {
    /// A request about the player's mistakes answered at `now` (ms since 1970), the mistakes
    /// of the games rated added to the page's queue until it holds them; `None` when the
    /// text is not one.
    pub fn mine(&mut self, text: &str, now: u64) -> Option<Vec<String>> {
        crate::puzzles::mine::rater::answer(text, now, &mut self.mistakes)
    }

    /// Whether a game is being rated: [`Rater::step`] has work.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// A text from the page: a new game replaces the one being rated (whose replies the
    /// page drops by id) and is answered at once with its count of items; a stop ends the
    /// rating; your record's games are answered at once with the screen's figures
    /// (`stats::rater`), the game being rated left as it is. What to post back, if anything.
    pub fn from_page(&mut self, text: &str) -> Option<String> {
        // Your record's screen is answered at once, beside a game being rated.
        if crate::stats::RecordRequest::is_one(text) {
            return Some(crate::stats::rater::answer(text));
        }
        self.job = None;
        match ToRater::from_text(text) {
            Err(e) => Some(RaterReply::unreadable_request(&format!("unreadable request: {e}"))),
            Ok(ToRater::Stop) => None,
            Ok(ToRater::Rate(request)) => Some(self.start(request)),
        }
    }

    /// Rates the next item of the game, and what to post back; `None` when no game is
    /// being rated.
    pub fn step(&mut self) -> Option<String> {
        let job = self.job.as_mut()?;
        let person = &mut job.persons[job.person];
        let rated = rate_item(&job.record, person.seat, &person.items[job.item], job.playouts);
        let news = match rated {
            Ok(rated) => {
                person.rated.push(rated);
                (job.item, job.done) = (job.item + 1, job.done + 1);
                job.news(&mut self.mistakes)
            }
            Err(e) => RaterNews::Refused(RateRefusal::from(&e)),
        };
        Some(self.reply(news))
    }

    fn start(&mut self, request: RateRequest) -> String {
        let RateRequest { id, playouts, persons, record } = request;
        let mut all = Vec::new();
        for seat in persons {
            match items(&record, seat) {
                Ok(items) => all.push(Person { seat, scale: review::scale(&record, seat), items, rated: Vec::new() }),
                Err(e) => return RaterReply { id, news: RaterNews::Refused(RateRefusal::from(&e)) }.to_text(),
            }
        }
        let count = all.iter().map(|p| p.items.len()).sum();
        let mut job = Job { id, record, playouts, persons: all, person: 0, item: 0, done: 0, all: count };
        let news = job.news(&mut self.mistakes);
        self.job = Some(job);
        self.reply(news)
    }

    /// The reply of the job's news; a game all rated, or refused, is done with.
    fn reply(&mut self, news: RaterNews) -> String {
        let Some(job) = &self.job else { return String::new() };
        let id = job.id;
        if matches!(news, RaterNews::Refused(_)) || job.done >= job.all {
            self.job = None;
        }
        RaterReply { id, news }.to_text()
    }
}

impl Job {
    /// How far the game is, with the persons whose every item is now rated (and their
    /// mistakes to offer again as puzzles added to `mistakes`).
    fn news(&mut self, mistakes: &mut Vec<Mistake>) -> RaterNews {
        let mut persons = Vec::new();
        while let Some(p) = self.persons.get(self.person).filter(|p| self.item == p.items.len()) {
            if let Some(scale) = p.scale {
                let rating = GameRating::new(p.seat, scale, p.rated.iter().cloned());
                persons.push(rated_person(&rating));
                mistakes.extend(crate::puzzles::mine::rater::of_rating(&self.record, &rating));
            }
            (self.person, self.item) = (self.person + 1, 0);
        }
        RaterNews::Progress { done: self.done, all: self.all, persons }
    }
}

/// A person's figures and their part of the results in both languages.
fn rated_person(rating: &GameRating) -> RatedPerson {
    let figures = SeatFigures::of(rating);
    RatedPerson { en: person(Lang::En, &figures), ja: person(Lang::Ja, &figures), figures }
}
