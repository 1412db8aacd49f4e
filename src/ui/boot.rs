//! The app as the page opens, from what the shell knows at start-up ([`Boot`]).

use super::driver::Driver;
use super::i18n::narration;
use super::layout::Layout;
use super::model::{Boot, Draft, Legal, Model, Overlay};
use super::pace::Speed;
use super::records::Records;
use super::save::Loaded;
use super::session::Session;

impl Model {
    /// The app as the page opens: the saved game resumed (behind the hand-over when a
    /// person's Day is under way and several persons play), or the new-game form, or the
    /// message of an unreadable save.
    pub fn new(boot: Boot) -> Model {
        let mut m = Model {
            lang: boot.browser_lang,
            lang_chosen: None,
            open_hands: false,
            session: None,
            overlay: Overlay::NewGame,
            message: None,
            focus: None,
            show_focus: false,
            anim: None,
            motion: None,
            last_day: Vec::new(),
            day_lines: Vec::new(),
            log_open: false,
            live: String::new(),
            speed: Speed::Normal,
            driver: Driver::default(),
            draft: Draft::default(),
            broken: None,
            save_trouble: None,
            legal: Legal::default(),
            layout: Layout::default(),
            dpr: 1.0,
            reduced_motion: boot.reduced_motion,
            touch: boot.touch,
            confirm_pref: None,
            feel: Default::default(),
            pending: None,
            records: Records::default(),
            learn: Default::default(),
            coach: Default::default(),
            review: None,
            seed_param: boot.seed_param,
            bot_seed_param: boot.bot_seed_param,
            base_url: boot.base_url,
            now: 0.0,
            chance: Default::default(),
            effects: Vec::new(),
        };
        match boot.saved {
            Loaded::Nothing => {}
            Loaded::Broken(why, lang) => {
                if let Some(l) = lang {
                    m.lang = l;
                }
                m.broken = Some(why);
                m.overlay = Overlay::LoadError;
            }
            Loaded::Save(save) => {
                let save = *save;
                if let Some(l) = save.lang {
                    m.lang = l;
                    m.lang_chosen = Some(l);
                }
                m.open_hands = save.open_hands;
                m.speed = save.speed;
                m.confirm_pref = save.confirm;
                m.feel = save.feel;
                if let Some(game) = save.game {
                    m.chance.resume(&game, m.seed_param);
                    let bots = if save.bots.is_empty() { vec![None; save.names.len()] } else { save.bots };
                    m.session = Some(Session {
                        game,
                        names: save.names,
                        bots,
                        bot_seed: save.bot_seed.unwrap_or(0),
                        revealed: false,
                        scoring: save.scoring,
                    });
                    // A person's Day shows the hand-over first when several persons play, so
                    // a reload never shows a hand to the wrong person.
                    m.overlay = m.return_to_game();
                    if let Some(sess) = &m.session {
                        if let Some(record) = sess.game.season().last_hire {
                            m.last_day = vec![narration::hire_text(m.lang, sess, &record)];
                        }
                    }
                }
            }
        }
        m.refresh();
        m
    }
}
