import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

/// The engines a test can load: sanitizer runtimes refuse `RTLD_DEEPBIND`, which loading SQLCipher needs.
private let loadableEngines: [SQLiteLibrary.Kind] = {
    let sanitized = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
    return sanitized ? [.system] : SQLiteLibrary.Kind.allCases
}()

@Suite("The driver on both SQLite engines")
struct EngineTests {
    @Test("queues and pools run on the system engine and on SQLCipher's", arguments: loadableEngines)
    func bothEngines(kind: SQLiteLibrary.Kind) async throws {
        let scratch = Scratch()
        var configuration = Configuration()
        configuration.library = try SQLiteLibrary.named(kind)
        configuration.busyMode = .callback { _ in false }  // needs sqlite3_busy_handler from that library
        for writerKind in WriterKind.allCases {
            let db = try writerKind.open(scratch.path("\(writerKind).sqlite"), configuration)
            try await db.write { try makeTable($0, rows: 100) }
            #expect(try await db.read { try Int64.fetchOne($0, sql: "SELECT sum(v) FROM t") } == 4950)
            #expect(try await db.read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }
                == configuration.library.version)
            // Cancellation goes through sqlite3_progress_handler of the same library.
            let task = Task {
                try await db.read { db in
                    try Int64.fetchOne(db, sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                        + "SELECT count(*) FROM n")
                }
            }
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            try db.close()
        }
    }
}
