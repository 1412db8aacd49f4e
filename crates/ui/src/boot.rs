//! The app as the page opens, from what the shell knows at start-up ([`Boot`]).

use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::narration;
use super::layout::chrome::{Chrome, ChromeShape};
use super::layout::Layout;
use super::model::{Address, Boot, Device, Draft, Model, Overlay, Play, Prefs, Saving};
use super::play::pace::Speed;
use super::records::Records;
use super::save::{self, Broken, Loaded, SaveFile};

impl Model {
    /// The app as the page opens: the saved game resumed (behind the hand-over when a
    /// person's Day is under way and several persons play), or the new-game form, or the
    /// message of an unreadable save. Returns the effects the start asks for too (a format-1
    /// save sent off to be converted).
    pub fn new(boot: Boot) -> (Model, Vec<Effect>) {
        let mut effects = Vec::new();
        let mut m = Model {
            lang: boot.browser_lang,
            prefs: Prefs {
                lang_chosen: None,
                open_hands: false,
                speed: Speed::Normal,
                confirm_pref: None,
                feel: Default::default(),
            },
            device: Device {
                layout: Layout::default(),
                chrome: Chrome::compute(
                    1024.0,
                    768.0,
                    &ChromeShape { lang: boot.browser_lang, coach: false, lesson: false, players: 4 },
                ),
                dpr: 1.0,
                reduced_motion: boot.reduced_motion,
                touch: boot.touch,
            },
            table: Default::default(),
            overlay: Overlay::NewGame,
            message: None,
            focus: None,
            show_focus: false,
            play: Play::default(),
            draft: Draft::default(),
            saving: Saving::default(),
            records: Records::default(),
            learn: Default::default(),
            drill: Default::default(),
            review: Default::default(),
            rating: crate::rating::Rating::NONE,
            stats: crate::stats::Stats::NONE,
            puzzles: crate::puzzles::Puzzles::NONE,
            address: Address {
                seed_param: boot.seed_param,
                bot_seed_param: boot.bot_seed_param,
                base_url: boot.base_url,
                seeded_chance: Default::default(),
            },
        };
        match boot.saved {
            Loaded::Nothing => {}
            Loaded::Broken(why, lang) => {
                if let Some(l) = lang {
                    m.lang = l;
                }
                m.saving.broken = Some(why);
                m.overlay = Overlay::LoadError;
            }
            Loaded::Convert(text, lang) => {
                // A format-1 save: the shell has it converted off the page and answers with
                // `Msg::SaveConverted`. Until then the old save is left alone (no autosave
                // while `broken` is set) and the player can still choose to start fresh.
                if let Some(l) = lang {
                    m.lang = l;
                }
                m.saving.broken = Some(Broken::Converting);
                m.overlay = Overlay::LoadError;
                effects.push(Effect::ConvertSave(text));
            }
            Loaded::Save(save) => m.resume(*save),
        }
        m.refresh();
        (m, effects)
    }

    /// Takes up a save as read and checked: its preferences and, if it holds one, its game
    /// (behind the hand-over when a person's Day is under way and several persons play).
    pub(super) fn resume(&mut self, save: SaveFile) {
        if let Some(l) = save.lang {
            self.lang = l;
            self.prefs.lang_chosen = Some(l);
        }
        self.prefs.open_hands = save.open_hands;
        self.prefs.speed = save.speed;
        self.prefs.confirm_pref = save.confirm;
        self.prefs.feel = save.feel;
        if let Some(session) = save.session() {
            self.address.seeded_chance.resume(session.game(), self.address.seed_param);
            self.table.set_own(session);
            // A person's Day shows the hand-over first when several persons play, so a
            // reload never shows a hand to the wrong person.
            self.overlay = self.return_to_game();
            if let Some(sess) = self.table.shown() {
                if let Some(record) = sess.game().season().last_hire {
                    self.play.last_day = vec![(None, narration::hire_text(self.lang, sess, &record))];
                }
            }
        }
    }

    /// The rules oracle's worker answered a format-1 save's conversion: the converted save
    /// is taken up and written at once; a refusal is shown as any unreadable save is. An
    /// answer after the player chose to start fresh is dropped.
    pub(super) fn save_converted(&mut self, converted: Result<String, Broken>, ctx: &mut Ctx) {
        if self.saving.broken != Some(Broken::Converting) {
            return;
        }
        let loaded = converted.map(|text| (save::parse(&text), text));
        match loaded {
            Ok((Loaded::Save(save), text)) => {
                self.saving.broken = None;
                self.overlay = Overlay::NewGame;
                self.resume(*save);
                ctx.emit(Effect::Save(text));
            }
            Ok((Loaded::Broken(why, _), _)) | Err(why) => self.saving.broken = Some(why),
            Ok((Loaded::Nothing | Loaded::Convert(..), _)) => {
                self.saving.broken = Some(Broken::Damaged("the converted save is not one".into()))
            }
        }
        self.refresh();
    }
}
