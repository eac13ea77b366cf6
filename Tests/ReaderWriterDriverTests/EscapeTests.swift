@testable import ReaderWriterDriver
import Testing

@Suite("Handles do not outlive their closure")
struct EscapeTests {
    @Test("using a Database after its closure returned stops the program with a precondition")
    func escapedDatabaseTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = try DatabaseQueue()
            var escaped: Database?
            try queue.read { escaped = $0 }
            try escaped?.execute(sql: "SELECT 1")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("must not escape"))
    }

    @Test("using a statement after its closure returned stops the program with a precondition")
    func escapedStatementTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let queue = try DatabaseQueue()
            var escaped: Statement?
            try queue.read { escaped = try $0.cachedStatement(sql: "SELECT 1") }
            try escaped?.execute()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("must not escape"))
    }

    @Test("a database handle is valid for the whole closure")
    func handleValidInside() throws {
        let queue = try DatabaseQueue()
        let value = try queue.read { db in
            let statement = try db.cachedStatement(sql: "SELECT 41 + 1")
            return try Int64.fetchOne(statement)
        }
        #expect(value == 42)
    }
}
