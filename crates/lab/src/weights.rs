//! The row heuristic's weights as the tuner searches them and as files keep them: six
//! parameters (four weights on a log scale, the two powers as they are; the per-line constant
//! stays nneonneo's, since it only has to keep a live board above a lost one), and the JSON
//! document that `tune-weights` writes and `lab --eval tuned --weights FILE` reads (the
//! weights' own fields, `solver`'s [`HeuristicWeights`] as JSON).

use std::path::Path;

use solver::strong::heuristic::{Heuristic, HeuristicWeights};

/// The number of parameters the tuner moves.
pub const PARAMETERS: usize = 6;

/// `weights` as the tuner's parameters.
pub fn to_parameters(w: &HeuristicWeights) -> Vec<f64> {
    vec![w.empty.ln(), w.merges.ln(), w.monotonicity.ln(), w.sum.ln(), w.monotonicity_power, w.sum_power]
}

/// The weights of the tuner's parameters `x` ([`PARAMETERS`] of them).
pub fn from_parameters(x: &[f64]) -> HeuristicWeights {
    HeuristicWeights {
        lost: HeuristicWeights::NNEONNEO.lost,
        empty: x[0].exp(),
        merges: x[1].exp(),
        monotonicity: x[2].exp(),
        sum: x[3].exp(),
        // A power below 1 would reward spreading a tile's rank over several tiles.
        monotonicity_power: x[4].max(1.0),
        sum_power: x[5].max(1.0),
    }
}

/// The weights in the file at `path`, every one a finite number.
pub fn read(path: &Path) -> Result<HeuristicWeights, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    from_json(&text, path)
}

/// The weights in `text`, the JSON of the file at `path` (named in the errors).
pub fn from_json(text: &str, path: &Path) -> Result<HeuristicWeights, String> {
    let w: HeuristicWeights = serde_json::from_str(text).map_err(|e| format!("{}: {e}", path.display()))?;
    let all = [w.lost, w.empty, w.merges, w.monotonicity, w.monotonicity_power, w.sum, w.sum_power];
    if all.iter().any(|v| !v.is_finite()) {
        return Err(format!("{}: every weight must be a finite number", path.display()));
    }
    Ok(w)
}

/// A heuristic of `weights` that lives until the process ends, as searchers take theirs: a
/// tuning run makes one per sample (256 KiB each), a few hundred MB over a long run.
pub fn leak(weights: HeuristicWeights) -> &'static Heuristic {
    Box::leak(Box::new(Heuristic::new(weights)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nneonneos_weights_go_through_the_parameters_and_the_document_unchanged() {
        let w = HeuristicWeights::NNEONNEO;
        let back = from_parameters(&to_parameters(&w));
        for (a, b) in [
            (back.empty, w.empty),
            (back.merges, w.merges),
            (back.monotonicity, w.monotonicity),
            (back.sum, w.sum),
        ] {
            assert!((a - b).abs() < 1e-9 * b, "{a} {b}");
        }
        assert_eq!(
            (back.lost, back.monotonicity_power, back.sum_power),
            (w.lost, w.monotonicity_power, w.sum_power)
        );
        let text = serde_json::to_string(&w).unwrap();
        assert_eq!(serde_json::from_str::<HeuristicWeights>(&text).unwrap(), w);
    }

    #[test]
    fn a_weights_file_with_a_missing_or_unknown_field_is_refused() {
        let dir = std::env::temp_dir().join(format!("arena-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.json");
        std::fs::write(&path, r#"{"lost":1,"empty":2}"#).unwrap();
        assert!(read(&path).is_err());
        std::fs::write(&path, r#"{"lost":1,"empty":2,"merges":3,"monotonicity":4,"monotonicity_power":4,"sum":1,"sum_power":3,"extra":0}"#).unwrap();
        assert!(read(&path).is_err());
        std::fs::write(&path, r#"{"lost":1,"empty":2,"merges":3,"monotonicity":4,"monotonicity_power":4,"sum":1,"sum_power":3}"#).unwrap();
        assert_eq!(read(&path).unwrap().merges, 3.0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
