//! Loader errors as values with context (S2.3): `file:line:col: expected ...`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl LoadError {
    pub fn new(file: &str, line: usize, col: usize, message: impl Into<String>) -> LoadError {
        LoadError {
            file: file.to_string(),
            line,
            col,
            message: message.into(),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for LoadError {}
