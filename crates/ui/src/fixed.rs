//! Numbers written with a fixed count of decimals ([`Fixed`]), for the page's CSS lengths,
//! font sizes and the review's points. Written with integer arithmetic: core's float
//! formatting (`{}` or `{:.1}` of an `f64`) would bring its shortest-representation code and
//! tables to the page for these few numbers (BENCHMARKS.md, "Download size").

use std::fmt;

/// `value` rounded to `places` decimals (at most 9; half away from zero), always with that many
/// decimals; a value that is not finite is written `0`, and one beyond ±9·10¹⁸ at that scale
/// saturates (no page length or score comes near either).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed {
    pub value: f64,
    pub places: u8,
}

impl Fixed {
    /// A CSS length or font size: two decimals are finer than any screen's pixel.
    pub fn css(value: f64) -> Fixed {
        Fixed { value, places: 2 }
    }
}

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let places = u32::from(self.places.min(9));
        let scale = 10u64.pow(places);
        let scaled = if self.value.is_finite() { (self.value * scale as f64).round() as i64 } else { 0 };
        let sign = if scaled < 0 { "-" } else { "" };
        let magnitude = scaled.unsigned_abs();
        let (whole, fraction) = (magnitude / scale, magnitude % scale);
        if places == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{fraction:0width$}", width = places as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Fixed;

    fn text(value: f64, places: u8) -> String {
        Fixed { value, places }.to_string()
    }

    #[test]
    fn writes_as_core_does_with_a_precision() {
        for (value, places) in [(0.0, 1), (2.25, 2), (12.4, 0), (-7.12345, 3), (1e-9, 2), (123456.789, 1), (-0.04, 1)] {
            let core = format!("{value:.prec$}", prec = places as usize);
            // core writes a negative value that rounds to zero as -0.0; the page wants 0.0.
            // (Exact halves are left out: core rounds them to even.)
            let core = if core.trim_start_matches('-').chars().all(|c| c == '0' || c == '.') {
                core.trim_start_matches('-').to_string()
            } else {
                core
            };
            assert_eq!(text(value, places), core, "{value} to {places} places");
        }
    }

    #[test]
    fn rounds_half_away_from_zero_and_keeps_its_decimals() {
        assert_eq!(text(0.5, 0), "1");
        assert_eq!(text(-0.5, 0), "-1");
        assert_eq!(text(3.0, 2), "3.00");
        assert_eq!(Fixed::css(17.125).to_string(), "17.13");
    }

    #[test]
    fn a_value_that_is_not_finite_is_zero() {
        assert_eq!(text(f64::NAN, 1), "0.0");
        assert_eq!(text(f64::INFINITY, 0), "0");
    }
}
