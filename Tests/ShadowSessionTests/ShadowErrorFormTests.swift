import Differential
import PersistenceSession
import ShadowSessions
import Testing

@Suite("Shadow mode describes errors in the tools' standard form by default")
struct ShadowErrorFormTests {
    /// GRDB's `DatabaseError` as it describes itself.
    private struct GRDBWords: Error, CustomStringConvertible {
        let message: String
        var description: String { "SQLite error 19: \(message) - while executing `INSERT INTO note(body) VALUES (?)`" }
    }

    @Test("the default is the differential's and transcripts' standard form: the same refusal alike, another refusal not")
    func defaultIsTheStandardForm() {
        let describe = ShadowOptions().describeError
        let session = PersistenceError.constraintViolated(
            ConstraintViolation(sqliteExtendedCode: 2067, message: "UNIQUE constraint failed: note.body")
        )
        let grdb = GRDBWords(message: "UNIQUE constraint failed: note.body")
        #expect(describe(session) == describe(grdb))
        #expect(describe(grdb) == ComparedErrors.standard(grdb))
        #expect(describe(grdb) != describe(GRDBWords(message: "FOREIGN KEY constraint failed")))
        #expect(describe(PersistenceError.closed) == ComparedErrors.standard(PersistenceError.closed))
    }
}
