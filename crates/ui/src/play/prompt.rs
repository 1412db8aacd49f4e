//! What the table asks for at this moment, as facts decided here from the table and worded
//! by `i18n::narration::prompt` (through `spoken.rs`): the words never decide which part of
//! the app applies.

use crate::model::Model;
use lauzait_bots::Level;
use lauzait_engine::{Phase, Rule, Status};

/// The instruction for the current moment, as facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// No game on the table: the app's title.
    NoGame,
    /// The replay viewer: its caption (the message) says where it is, the board's frame
    /// whose Day comes next.
    Replay,
    SeasonOver,
    GameOver,
    /// A piece moving into Water, the sticks in the air.
    Throwing {
        mover: String,
    },
    /// The computer player whose Day it is could not play.
    BotFailed {
        who: String,
        error: lauzait_autoplay::DayFailure,
    },
    BotThinking {
        who: String,
        level: Level,
    },
    BotDay {
        who: String,
        level: Level,
    },
    /// A person's Day that nobody at the device may play now (the hand-over, a dialog).
    WhoseDay {
        who: String,
    },
    /// The person whose Day it is chooses (`name` as the status line names them).
    Choose {
        name: String,
        choice: DayChoice,
    },
}

/// What the person whose Day it is chooses now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayChoice {
    /// Only a declaration of stalemate is left (R19).
    Stalemate,
    /// The discard (`any`: every piece of the hand may be discarded), with what else the
    /// Day's start offers.
    Discard {
        any: bool,
        declare: bool,
        form: bool,
        dissolve: bool,
    },
    Mover,
    /// A destination previewed (`preview`: what it will do), waiting for its confirmation.
    Confirm {
        preview: String,
    },
    /// The destination of a piece moving from the Mountain.
    FromMountain,
    Destination,
    /// Nothing is offered.
    Nothing,
}

impl Model {
    /// The instruction for the current moment, as facts.
    pub fn prompt_facts(&self) -> Prompt {
        let lang = self.lang;
        let Some(sess) = self.table.shown() else { return Prompt::NoGame };
        if self.table.is_replay() {
            return Prompt::Replay;
        }
        let g = sess.game();
        match g.status() {
            Status::SeasonOver => return Prompt::SeasonOver,
            Status::GameOver { .. } => return Prompt::GameOver,
            Status::Playing => {}
        }
        if let Some(anim) = &self.play.anim {
            return Prompt::Throwing { mover: sess.who(lang, anim.record.player) };
        }
        let who = sess.who(lang, g.to_move());
        if let Some(level) = sess.bot_to_move() {
            if let Some(error) = self.play.driver.error() {
                return Prompt::BotFailed { who, error: error.clone() };
            }
            return if self.thinking_seat().is_some() {
                Prompt::BotThinking { who, level }
            } else {
                Prompt::BotDay { who, level }
            };
        }
        if !self.interactive() {
            return Prompt::WhoseDay { who };
        }
        let l = &self.play.legal;
        let choice = match l.phase {
            Some(Phase::Beginning { .. }) if l.stalemate => DayChoice::Stalemate,
            Some(Phase::Beginning { .. }) => DayChoice::Discard {
                any: l.discards_whole_hand(&self.device.layout.hand),
                declare: l.declare,
                form: !l.forms.is_empty(),
                dissolve: !l.dissolvable.is_empty(),
            },
            Some(Phase::Discarded { .. }) => DayChoice::Mover,
            Some(Phase::Moving { .. }) if self.play.pending.is_some() => {
                DayChoice::Confirm { preview: self.pending_preview().unwrap_or_default() }
            }
            Some(Phase::Moving { from, .. }) if from.is_mountain() => DayChoice::FromMountain,
            Some(Phase::Moving { .. }) => DayChoice::Destination,
            None => DayChoice::Nothing,
        };
        Prompt::Choose { name: sess.name(lang, g.to_move()), choice }
    }

    /// The rule behind the current instruction: shown as a small link beside the prompt,
    /// never inside its sentence.
    pub fn prompt_rule(&self) -> Option<Rule> {
        if !self.interactive() {
            return None;
        }
        Some(match self.play.legal.phase? {
            Phase::Beginning { .. } if self.play.legal.stalemate => Rule::R19,
            Phase::Beginning { .. } => Rule::R12_1,
            Phase::Discarded { .. } => Rule::R12_2,
            Phase::Moving { .. } if self.play.pending.is_some_and(|sq| sq.is_water()) => Rule::R12_6,
            Phase::Moving { .. } => Rule::R12_4,
        })
    }
}
