import Differential
import PersistenceSession
import ShadowSessions
import TestSupport
import Testing

@Suite("Shadow mode describes errors in the tools' standard form by default")
struct ShadowErrorFormTests {
    @Test("the default is the differential's and transcripts' standard form: the same refusal alike, another refusal not")
    func defaultIsTheStandardForm() {
        let describe = ShadowOptions().describeError
        let session = PersistenceError.constraintViolated(
            ConstraintViolation(sqliteExtendedCode: 2067, message: "UNIQUE constraint failed: note.body")
        )
        let grdb = GRDBErrorWords(code: 19, message: "UNIQUE constraint failed: note.body")
        #expect(describe(session) == describe(grdb))
        #expect(describe(grdb) == ComparedErrors.standard(grdb))
        #expect(describe(grdb) != describe(GRDBErrorWords(code: 19, message: "FOREIGN KEY constraint failed")))
        #expect(describe(PersistenceError.closed) == ComparedErrors.standard(PersistenceError.closed))
    }
}
