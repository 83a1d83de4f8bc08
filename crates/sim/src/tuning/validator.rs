//! The range checks every tuning section runs on its values ([`Tuning::validate`], and
//! the view's sections too): the first failure is kept, with its dotted key and what was
//! expected.
//!
//! [`Tuning::validate`]: crate::tuning::Tuning::validate

#[derive(Default)]
pub struct Validator {
    error: Option<(String, String)>,
}

impl Validator {
    pub fn range(&mut self, key: &str, value: f32, lo: f32, hi: f32) {
        if self.error.is_none() && !(value.is_finite() && value >= lo && value <= hi) {
            self.error = Some((
                key.to_string(),
                format!("a number in [{lo}, {hi}], found {value}"),
            ));
        }
    }

    pub fn positive(&mut self, key: &str, value: f32) {
        if self.error.is_none() && !(value.is_finite() && value > 0.0) {
            self.error = Some((key.to_string(), format!("a number > 0, found {value}")));
        }
    }

    /// The first failed check's dotted key and what was expected, if any.
    pub fn finish(self) -> Result<(), (String, String)> {
        match self.error {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }
}
