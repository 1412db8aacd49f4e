//! The Strong player's search settings, and the `key=value` changes `lauzait tournament
//! --strong` reads.

use super::super::normal::Weights;
use super::settings_error::{SettingsError, ValueKind};
use std::fmt;
use std::str::FromStr;

/// The search's settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Candidate plans searched.
    pub candidates: usize,
    /// At most this many candidates leading to the same hand.
    pub per_outcome: usize,
    /// Days played after this seat's Day in each playout (all players together); 0: one
    /// round, up to the end of this seat's next Day.
    pub horizon: u32,
    /// Weight of the hand values when a playout stops before the Season ends.
    pub hand_weight: f64,
    /// The points a won game is worth on top of the margin, in the last Season.
    pub win_bonus: f64,
    /// Whether, with three or four players, a declaration the Normal player would make is
    /// searched like any other plan (otherwise it is made at once).
    pub search_declarations: bool,
    /// In the last Season, the won-game bonus is also given, smoothly, to a playout that
    /// stops early: `win_bonus` × logistic(margin / `win_scale`) (0: only finished games).
    pub win_scale: f64,
    /// Whom the margin is taken over: 1 the best other player, 0 the others' mean.
    pub rival: f64,
    /// The Normal policy that plays the playouts (the candidates come from the default).
    pub playout_weights: Weights,
    /// Each other hand is one of this many random draws (1: a uniform draw)…
    pub proposals: u32,
    /// …picked in proportion to exp(`skill` × Days it has played this Season (at most
    /// three) × its Normal hand value): the others' hands have been improving.
    pub skill: f64,
}

/// The Normal policy a playout plays every seat with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutPolicy {
    /// A quicker setting of the Normal player: fewer hands valued in full, a smaller
    /// search for each.
    Quick,
    /// The Normal player itself, as the computer players at the Normal level play.
    Full,
}

impl PlayoutPolicy {
    /// The Normal player's weights that play this policy.
    pub fn weights(self) -> Weights {
        match self {
            PlayoutPolicy::Quick => Weights { refine: 2, slack: 0.7, prefixes: 1, ..Weights::default() },
            PlayoutPolicy::Full => Weights::default(),
        }
    }

    /// The policy `weights` play, if they are one of them.
    fn of(weights: Weights) -> Option<PlayoutPolicy> {
        [PlayoutPolicy::Quick, PlayoutPolicy::Full].into_iter().find(|p| p.weights() == weights)
    }
}

impl fmt::Display for PlayoutPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayoutPolicy::Quick => "quick",
            PlayoutPolicy::Full => "full",
        })
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            candidates: 8,
            per_outcome: 3,
            horizon: 0,
            hand_weight: 1.0,
            win_bonus: 20.0,
            rival: 1.0,
            search_declarations: true,
            win_scale: 3.0,
            playout_weights: PlayoutPolicy::Quick.weights(),
            proposals: 16,
            skill: 0.8,
        }
    }
}

impl Settings {
    /// The settings the Strong player plays with in a game of `players`. With two players
    /// each playout looks two rounds ahead instead of one, over sixteen candidates instead
    /// of eight (at most four to a hand): against Normal it won 70.6% of 1000 games where
    /// the default won 63.5%, and 69.7% against 64.0% over 1000 other deals (BOTS.md), for
    /// decisions about 1.5 times as long, still the shortest of any table. With three or
    /// four players a round is longer and the default's decisions already take most of the
    /// browser's second at four, so they keep it.
    pub fn for_players(players: usize) -> Settings {
        let default = Settings::default();
        if players == 2 {
            Settings { horizon: 4, candidates: 16, per_outcome: 4, ..default }
        } else {
            default
        }
    }
}

impl fmt::Display for Settings {
    /// `key=value` pairs, comma-separated, that [`Settings::from_str`] reads back (the
    /// playout policy only when it is one of [`PlayoutPolicy`]'s).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "candidates={},per_outcome={},horizon={},hand_weight={},win_bonus={},search_declarations={},win_scale={},rival={},proposals={},skill={}",
            self.candidates,
            self.per_outcome,
            self.horizon,
            self.hand_weight,
            self.win_bonus,
            self.search_declarations,
            self.win_scale,
            self.rival,
            self.proposals,
            self.skill
        )?;
        match PlayoutPolicy::of(self.playout_weights) {
            Some(policy) => write!(f, ",playout={policy}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Settings {
    type Err = SettingsError;

    /// The default settings with some changed: `hand_weight=1.5,rival=0`.
    fn from_str(text: &str) -> Result<Settings, SettingsError> {
        Ok(text.parse::<Changes>()?.apply(Settings::default()))
    }
}

/// Changes to some of the [`Settings`], read from `key=value` text: `lauzait tournament
/// --strong` applies them to the settings for the game's number of players
/// ([`Settings::for_players`]), so `horizon=2` changes only the horizon of a two-player game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changes(Vec<Change>);

/// One setting changed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Change {
    Candidates(usize),
    PerOutcome(usize),
    Horizon(u32),
    HandWeight(f64),
    WinBonus(f64),
    SearchDeclarations(bool),
    WinScale(f64),
    Rival(f64),
    Proposals(u32),
    Skill(f64),
    Playout(PlayoutPolicy),
}

impl Changes {
    /// `settings` with these changes, in the order given.
    pub fn apply(&self, mut settings: Settings) -> Settings {
        for change in &self.0 {
            match *change {
                Change::Candidates(n) => settings.candidates = n,
                Change::PerOutcome(n) => settings.per_outcome = n,
                Change::Horizon(n) => settings.horizon = n,
                Change::HandWeight(x) => settings.hand_weight = x,
                Change::WinBonus(x) => settings.win_bonus = x,
                Change::SearchDeclarations(b) => settings.search_declarations = b,
                Change::WinScale(x) => settings.win_scale = x,
                Change::Rival(x) => settings.rival = x,
                Change::Proposals(n) => settings.proposals = n,
                Change::Skill(x) => settings.skill = x,
                Change::Playout(policy) => settings.playout_weights = policy.weights(),
            }
        }
        settings
    }
}

impl FromStr for Changes {
    type Err = SettingsError;

    /// Comma-separated `key=value` pairs (keys: [`super::settings_error::KEYS`]); an empty
    /// text changes nothing.
    fn from_str(text: &str) -> Result<Changes, SettingsError> {
        let mut changes = Vec::new();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) =
                pair.split_once('=').ok_or_else(|| SettingsError::NotKeyValue { pair: pair.to_string() })?;
            let (key, value) = (key.trim(), value.trim());
            let bad = |wanted| SettingsError::BadValue { key: key.to_string(), value: value.to_string(), wanted };
            let number = || value.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| bad(ValueKind::Number));
            let count = || value.parse::<u32>().map_err(|_| bad(ValueKind::WholeNumber));
            changes.push(match key {
                "candidates" => Change::Candidates(count()?.max(1) as usize),
                "per_outcome" => Change::PerOutcome(count()?.max(1) as usize),
                "horizon" => Change::Horizon(count()?),
                "hand_weight" => Change::HandWeight(number()?),
                "win_bonus" => Change::WinBonus(number()?),
                "search_declarations" => {
                    Change::SearchDeclarations(value.parse().map_err(|_| bad(ValueKind::TrueOrFalse))?)
                }
                "win_scale" => Change::WinScale(number()?.max(0.0)),
                "rival" => Change::Rival(number()?),
                "proposals" => Change::Proposals(count()?.max(1)),
                "skill" => Change::Skill(number()?),
                "playout" => Change::Playout(match value {
                    "quick" => PlayoutPolicy::Quick,
                    "full" => PlayoutPolicy::Full,
                    _ => return Err(bad(ValueKind::Policy)),
                }),
                _ => return Err(SettingsError::UnknownKey { key: key.to_string() }),
            });
        }
        Ok(Changes(changes))
    }
}
