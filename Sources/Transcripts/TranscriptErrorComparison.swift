import Differential

/// How verifying compares an error the transcript recorded with the error the verified implementation threw.
public enum TranscriptErrorComparison: Sendable, Hashable {
    /// The two descriptions must be equal, word for word. With `describeError` set to
    /// `ComparedErrors.typeAndDescription` on both recorder and verifier, the comparison of format 2 and earlier.
    case exact
    /// The two descriptions agree in the standard form (`ComparedErrors.standardForm(ofDescription:)`), the
    /// differential's and shadow mode's comparison: the same SQLite code and, for a constraint, the same kind, table
    /// and columns, for any other failure the same SQLite message, whichever library's words report it; any other
    /// error's description word for word. The default: a transcript recorded on SQLite.swift
    /// (`UNIQUE constraint failed: note.body (code: 19)`) verifies on GRDB (`SQLite error 19: UNIQUE constraint
    /// failed: note.body - while executing ...`), while a UNIQUE refusal against a FOREIGN KEY one, or against no
    /// error, is a mismatch.
    case sqliteErrorForm

    /// Whether `recorded` and `actual` (two thrown errors' descriptions) agree.
    func agrees(_ recorded: String, _ actual: String) -> Bool {
        if recorded == actual { return true }
        guard self == .sqliteErrorForm else { return false }
        return ComparedErrors.standardForm(ofDescription: recorded) == ComparedErrors.standardForm(ofDescription: actual)
    }
}
