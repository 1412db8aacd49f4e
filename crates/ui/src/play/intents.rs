//! What each button does, and the table's keys.

use crate::ctx::Ctx;
use crate::effect::Effect;
use crate::i18n::{self, narration};
use crate::learn::LearnMsg;
use crate::model::{Confirm, Model, Overlay, Session, Target};
use crate::msg::{Intent, Key};
use crate::on_table::OnTable;
use crate::records::RecordsMsg;
use crate::save;
use crate::stats::StatsMsg;
use lauzait_bots::Player;
use lauzait_engine::{Action, GameOptions, Seat, Square, Status};
use rand::Rng;

impl Model {
    /// A button (`data-intent`) or its shortcut.
    pub fn intent(&mut self, intent: Intent, ctx: &mut Ctx) {
        match intent {
            Intent::CancelHire => self.play.pending = None,
            Intent::Undo if self.play.pending.is_some() => self.play.pending = None,
            Intent::ConfirmHire => {
                if let Some(to) = self.play.pending.take() {
                    if self.interactive() {
                        self.act(Action::Capture { to }, ctx);
                    }
                }
            }
            Intent::ConfirmPref => {
                self.prefs.confirm_pref = Some(!self.confirm_last());
                self.save(ctx);
            }
            Intent::Pref(pref) => {
                self.prefs.feel = self.prefs.feel.toggled(pref);
                if !self.motion_on() {
                    // Whatever is being shown ends now (a throw's Day finishes as it would).
                    self.play.motion = None;
                    if self.play.anim.is_some() {
                        self.finish_day(ctx);
                    }
                }
                self.save(ctx);
            }
            Intent::Undo => {
                if self.interactive() && self.play.legal.undo {
                    self.act(Action::Undo, ctx);
                }
            }
            Intent::Form => {
                if self.interactive() && !self.play.legal.forms.is_empty() {
                    self.overlay = Overlay::Form;
                }
            }
            Intent::FormPick(i, j) if self.overlay == Overlay::Form => {
                let choice =
                    self.play.legal.forms.get(i).and_then(|f| f.readings.get(j).map(|r| (f.pieces, r.reading)));
                if let Some((pieces, reading)) = choice {
                    self.overlay = Overlay::None;
                    self.act(Action::Form { pieces, reading }, ctx);
                }
            }
            Intent::Dissolve => {
                if self.interactive() && !self.play.legal.dissolvable.is_empty() {
                    self.overlay = Overlay::Dissolve;
                }
            }
            Intent::DissolvePick(d) if self.overlay == Overlay::Dissolve => {
                self.overlay = Overlay::None;
                self.act(Action::Dissolve { department: d }, ctx);
            }
            Intent::Declare => {
                if self.interactive() && self.play.legal.declare {
                    self.overlay = Overlay::Declare;
                }
            }
            Intent::DeclareConfirm if self.overlay == Overlay::Declare => {
                self.overlay = Overlay::None;
                self.act(Action::Declare, ctx);
            }
            Intent::Stalemate => {
                if self.interactive() && self.play.legal.stalemate {
                    self.act(Action::DeclareStalemate, ctx);
                }
            }
            Intent::Ready if self.overlay == Overlay::HandOver => {
                if let Some(sess) = self.table.shown_mut() {
                    sess.revealed = true;
                    self.overlay = Overlay::None;
                    self.message = None;
                    self.refresh();
                    // A screen-reader user hears their hand as their Day starts.
                    let text = format!("{} {}", self.prompt(), self.hand_read_out());
                    self.say(&text, ctx);
                    ctx.emit(Effect::FocusBoard);
                }
            }
            Intent::ScoringDone => {
                if let Some(sess) = self.table.shown_mut() {
                    sess.scoring = false;
                    self.overlay = match sess.game().status() {
                        Status::GameOver { .. } => Overlay::Final,
                        _ => Overlay::SeasonSummary,
                    };
                    self.save(ctx);
                }
            }
            Intent::NextSeason => {
                self.overlay = Overlay::None;
                self.act(Action::NextSeason, ctx);
            }
            // Offered only when the table may agree to it; a stale button asks nothing.
            Intent::EndGame if self.may_end_by_agreement().game => self.overlay = Overlay::Confirm(Confirm::EndGame),
            Intent::EndSeason if self.may_end_by_agreement().season => {
                self.overlay = Overlay::Confirm(Confirm::EndSeason)
            }
            Intent::EndGame | Intent::EndSeason => {}
            Intent::NewGame => {
                let playing = self.game().is_some_and(|g| !matches!(g.status(), Status::GameOver { .. }));
                self.overlay = if playing { Overlay::Confirm(Confirm::NewGame) } else { Overlay::NewGame };
            }
            Intent::Confirm => match self.overlay {
                Overlay::Confirm(Confirm::EndGame) => {
                    self.overlay = Overlay::None;
                    self.take_back_bot_steps();
                    self.act(Action::EndGameByAgreement, ctx);
                }
                Overlay::Confirm(Confirm::EndSeason) => {
                    self.overlay = Overlay::None;
                    self.take_back_bot_steps();
                    self.act(Action::EndSeasonByAgreement, ctx);
                }
                Overlay::Confirm(Confirm::NewGame) => self.overlay = Overlay::NewGame,
                Overlay::Confirm(Confirm::OpenHands) => self.open_hands_confirmed(ctx),
                _ => {}
            },
            Intent::Close => self.close_overlay(ctx),
            Intent::Learn(l) => self.route_learn(LearnMsg::Button(l), ctx),
            Intent::Drill(d) => self.route_drill(d, ctx),
            Intent::Review(r) => self.route_review(r, ctx),
            Intent::Stats(s) => self.route_stats(StatsMsg::Button(s), ctx),
            Intent::Puzzles(p) => self.route_puzzles(crate::puzzles::PuzzleMsg::Button(p), ctx),
            Intent::Menu => {
                if self.overlay == Overlay::Menu {
                    self.close_overlay(ctx);
                } else if !matches!(self.overlay, Overlay::LoadError) && self.play.anim.is_none() {
                    self.overlay = Overlay::Menu;
                }
            }
            Intent::Lang(l) => {
                self.lang = l;
                self.prefs.lang_chosen = Some(l);
                self.save(ctx);
                self.refresh_texts();
            }
            Intent::OpenHands => self.open_hands_intent(ctx),
            Intent::ToggleLog => self.play.log_open = !self.play.log_open,
            Intent::Players(n) => {
                self.draft.seats = match n {
                    2 => [true, false, true, false],
                    3 => [true, true, true, false],
                    _ => [true, true, true, true],
                };
                self.draft.error = false;
            }
            Intent::SeatKind(seat, kind) => self.draft.kinds[seat.index()] = kind,
            Intent::Speed(speed) => {
                self.prefs.speed = speed;
                self.save(ctx);
            }
            Intent::BotRetry => {
                ctx.emit(Effect::StopWorker);
                self.play.driver.worker_started = false;
                self.play.driver.pacer.retry();
                self.message = None;
            }
            Intent::Start if self.overlay == Overlay::NewGame => self.start_game(ctx),
            // The form's Start pressed again once the game began (a double tap), or from a
            // form no longer up: a stale click, never a second deal over the first.
            Intent::Start => {}
            Intent::Fresh => {
                ctx.emit(Effect::ClearSave);
                self.saving.broken = None;
                self.table = OnTable::Empty;
                self.address.seeded_chance.forget();
                self.play.driver.pacer.forget();
                self.overlay = Overlay::NewGame;
            }
            Intent::Final => self.overlay = Overlay::Final,
            Intent::Records(r) => self.route_records(RecordsMsg::Button(r), ctx),
            Intent::KeepThisGame | Intent::LoadOtherGame => self.fault_intent(intent, ctx),
            // A chooser's pick or a confirmation whose dialog is no longer up: a stale click.
            Intent::FormPick(..) | Intent::DissolvePick(_) | Intent::DeclareConfirm | Intent::Ready => {}
        }
    }

    /// Narration of the previous Day is rebuilt in the new language where possible.
    fn refresh_texts(&mut self) {
        if let Some(sess) = self.table.shown() {
            if let Some(record) = sess.game().season().last_hire {
                if !self.play.last_day.is_empty() {
                    self.play.last_day = vec![(None, narration::hire_text(self.lang, sess, &record))];
                }
            }
        }
        self.message = None;
    }

    /// Closes the dialog that is up, back to what the game calls for.
    pub fn close_overlay(&mut self, ctx: &mut Ctx) {
        self.overlay = match self.overlay {
            Overlay::Form | Overlay::Dissolve | Overlay::Declare => Overlay::None,
            Overlay::Menu | Overlay::Lessons if self.table.is_lesson() => self.lesson_overlay(),
            Overlay::Menu | Overlay::Lessons | Overlay::Puzzles if self.table.is_puzzle() => self.puzzle_overlay(),
            // The menu (and the dialogs it opens) over a review returns to it: the review is
            // only left by its own button, or ended by what replaces the game (a new game, a
            // lesson, a record).
            Overlay::Menu | Overlay::Confirm(_) | Overlay::Records | Overlay::Lessons if self.review().is_some() => {
                Overlay::Review
            }
            Overlay::Menu | Overlay::Confirm(_) | Overlay::Records if self.table.is_replay() => Overlay::None,
            Overlay::Menu | Overlay::Confirm(_) | Overlay::Records => self.resting_overlay(),
            Overlay::NewGame if self.table.shown().is_some() => self.resting_overlay(),
            Overlay::Lessons => self.resting_overlay(),
            Overlay::Review => {
                self.close_review(ctx);
                self.overlay
            }
            Overlay::Drill => self.close_drill(),
            Overlay::Stats => self.close_stats(),
            Overlay::Puzzles => self.resting_overlay(),
            other => other,
        };
        if self.overlay == Overlay::None {
            ctx.emit(Effect::FocusBoard);
        }
    }

    /// Starts the game set up in the new-game form: dealt now from the message's fresh
    /// entropy, and its computer players' bot seed drawn from it too (the computer players
    /// see only their own views, R40, and never the game's chance).
    pub fn start_game(&mut self, ctx: &mut Ctx) {
        let seats: Vec<Seat> = Seat::ALL.iter().zip(self.draft.seats).filter(|(_, on)| *on).map(|(s, _)| *s).collect();
        let Ok(options) = GameOptions::new(seats, self.draft.luminous) else {
            self.draft.error = true;
            return;
        };
        let names: Vec<String> = Seat::ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| self.draft.seats[*i])
            .map(|(i, seat)| {
                let n = save::clean_name(&self.draft.names[i]);
                if n.is_empty() {
                    i18n::seat_name(self.lang, *seat).to_string()
                } else {
                    n
                }
            })
            .collect();
        let players: Vec<Player> = (0..4).filter(|&i| self.draft.seats[i]).map(|i| self.draft.kinds[i]).collect();
        // Below 2^53, so a seed survives a trip through a JavaScript number.
        let bot_seed = self.address.bot_seed_param.unwrap_or_else(|| ctx.chance.fresh().random_range(0..1u64 << 53));
        let game = self.address.seeded_chance.new_game(options, self.address.seed_param, &mut ctx.chance);
        // One name and one player per seat the form has on, like the game's options.
        let Ok(sess) = Session::new(game, names, players, bot_seed) else {
            self.draft.error = true;
            return;
        };
        // A game started from a lesson or the replay viewer ends them: the new game is the
        // table's own, and nothing of the game on screen before (a throw under way, a
        // focused square) carries over to it.
        self.close_replay(ctx);
        if self.table.is_lesson() {
            self.leave_lessons();
        }
        if self.table.is_puzzle() {
            self.leave_puzzle();
        }
        self.play.anim = None;
        self.focus = None;
        // A review of the game before ends with it: its judging would keep the worker from
        // the new game's computer players.
        self.review.end();
        let text = narration::game_began(self.lang, &sess);
        if let Some(on) = self.draft.open_hands.take() {
            self.prefs.open_hands = on;
        }
        self.table = OnTable::Own(sess);
        self.play.driver.pacer.retry();
        self.play.last_day = vec![(None, text.clone())];
        self.play.day_lines = vec![text.clone()];
        self.say(&text, ctx);
        self.message = None;
        self.draft.error = false;
        self.overlay = self.day_overlay();
        self.refresh();
        self.save(ctx);
    }

    /// A key on the table (dialogs take theirs natively). Returns true when it was used.
    pub fn key(&mut self, key: Key, ctx: &mut Ctx) -> bool {
        if self.table.is_replay() {
            return self.replay_key(key, ctx);
        }
        match key {
            k if k.is_arrow() => {
                if !self.interactive() {
                    return false;
                }
                self.show_focus = true;
                self.focus = Some(match self.focus {
                    None => self.first_choice().unwrap_or(Target::Square(Square::MOUNTAIN)),
                    Some(t) => crate::nav::step(&self.device.layout, t, key),
                });
                let text = self.focus_described();
                self.say(&text, ctx);
                true
            }
            Key::Select => {
                if !self.interactive() {
                    return false;
                }
                self.show_focus = true;
                match self.focus {
                    Some(t) => self.tap(t, ctx),
                    None => {
                        self.focus = self.first_choice();
                        let text = self.focus_described();
                        self.say(&text, ctx);
                    }
                }
                true
            }
            Key::Back => {
                if self.overlay != Overlay::None {
                    self.close_overlay(ctx);
                    return true;
                }
                if self.play.pending.is_some() {
                    self.intent(Intent::CancelHire, ctx);
                    return true;
                }
                if self.interactive() && self.play.legal.undo {
                    self.act(Action::Undo, ctx);
                    return true;
                }
                false
            }
            Key::Form => {
                self.intent(Intent::Form, ctx);
                true
            }
            Key::ReadHand | Key::ReadScores | Key::ReadLog if self.table.shown().is_some() => {
                let text = match key {
                    Key::ReadHand => self.hand_read_out(),
                    Key::ReadScores => self.scores_read_out(),
                    _ => self.log_read_out(),
                };
                // Said even when the same words were said before: it was asked for.
                self.play.live.clear();
                self.say(&text, ctx);
                true
            }
            Key::Dissolve => {
                self.intent(Intent::Dissolve, ctx);
                true
            }
            Key::Declare => {
                self.intent(Intent::Declare, ctx);
                true
            }
            _ => false,
        }
    }
}
