//! The notices both table pages show above everything else: the last problem (a bad code,
//! no camera, a refused message), and that the device could not save the table's game; on
//! the host, that its computer player could not think.

use crate::html::markup::esc;
use crate::i18n::computer::day_failure;
use crate::i18n::faults::storage_refusal;
use crate::i18n::table_faults::{guest_error, options_error};
use crate::i18n::table_mode::{connection_failed, host_error, t, T};
use crate::i18n::Lang;
use crate::storage_refusal::StorageRefusal;
use lauzait_autoplay::DayFailure;
use lauzait_table_mode::screen::{HostProblem, Problem};

/// Why each notice is up, when it is.
#[derive(Default)]
pub struct Notices<'a> {
    pub problem: Option<&'a str>,
    pub not_saved: Option<&'a StorageRefusal>,
    pub computer_failed: Option<&'a DayFailure>,
}

pub fn notices(l: Lang, n: Notices) -> String {
    let said = |what: T, why: &str| format!("{} ({why})", t(l, what));
    [
        ("problem", n.problem.map(str::to_string)),
        ("computer-failed", n.computer_failed.map(|why| said(T::ComputerFailed, &day_failure(l, why)))),
        ("not-saved", n.not_saved.map(|why| said(T::NotSaved, &storage_refusal(l, why)))),
    ]
    .into_iter()
    .filter_map(|(id, text)| Some(format!("<p class=\"errorbox\" id=\"{id}\">{}</p>", esc(&text?))))
    .collect()
}

/// A screen's problem in the page's language.
pub fn host_problem_text(l: Lang, problem: &HostProblem) -> String {
    match problem {
        HostProblem::Page(p) => problem_text(l, p),
        HostProblem::Save(why) => why.to_string(),
        HostProblem::Host(e) => host_error(l, e),
        HostProblem::Setup(e) => options_error(l, e),
    }
}

/// What a problem of either page says, in the page's language.
pub fn problem_text(l: Lang, problem: &Problem) -> String {
    match problem {
        Problem::ConnectionFailed(why) => connection_failed(l, why),
        Problem::BadCode(None) => t(l, T::BadCode).to_string(),
        Problem::BadCode(Some(why)) => format!("{} ({why})", t(l, T::BadCode)),
        Problem::CameraFailed => t(l, T::CameraFailed).to_string(),
        Problem::NoEntropy => t(l, T::NoEntropy).to_string(),
        Problem::SpentCode => t(l, T::SpentCode).to_string(),
        Problem::HostMessage(e) => guest_error(l, e),
    }
}
