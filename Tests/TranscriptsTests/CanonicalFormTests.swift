import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing
import Transcripts

@Suite("Canonical values and the logical state hash")
struct CanonicalFormTests {
    struct Mixed: Encodable {
        let b: Double
        let a: Int
        let text: String
        let none: String?
        let list: [Double]
    }

    private func line(_ value: some Encodable & Sendable) throws -> String {
        // The canonical form is what a transcript's '=' line holds: read it back through a one-operation transcript.
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("empty.sqlite")
        try EngineConnection(path: file, options: .create).close()
        let side = DifferentialSide<Int>(name: "x", open: { _ in 0 }, close: { _ in })
        let scenario = Scenario<Int>(name: "one", operations: [DifferentialOperation("value") { _ in value }])
        let transcript = try TranscriptRunner(side: side, workDirectory: folder.url).record([scenario], on: file)
        guard case .returned(let text) = transcript.scenarios[0].operations[0].outcome else { return "(not returned)" }
        return text
    }

    @Test("object members are sorted, 1 and 1.0 differ, strings are escaped onto one line")
    func values() throws {
        let text = try line(Mixed(b: 1, a: 1, text: "tab\there \"q\" \\ é\n", none: nil, list: [-0.0, .nan, 1e20, 0.1]))
        #expect(text == #"{"a":1,"b":1.0,"list":[-0.0,nan,1e+20,0.1],"text":"tab\there \"q\" \\ é\n"}"#)
        #expect(try line(Int64.min) == "-9223372036854775808")
        #expect(try line(UInt64.max) == "18446744073709551615")
        #expect(try line("\u{1}") == #""\u0001""#)
    }

    @Test("the state hash ignores page layout and driver, and sees storage classes, rows and ignored columns")
    func stateHash() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        func make(_ name: String, pageSize: Int, real: Bool, stamp: String) throws -> DatabaseStateDigest {
            let path = folder.path(name)
            let connection = try EngineConnection(path: path, options: .create)
            try connection.execute("PRAGMA page_size = \(pageSize)")
            try connection.execute("CREATE TABLE T(ID INTEGER PRIMARY KEY, V, PB_UPDATED_AT TEXT)")
            try connection.execute("CREATE TABLE W(K TEXT PRIMARY KEY, V) WITHOUT ROWID")
            for n in 0..<50 { try connection.execute("INSERT INTO T(V, PB_UPDATED_AT) VALUES (\(n), '\(stamp)')") }
            try connection.execute("INSERT INTO T(V) VALUES (\(real ? "1.0" : "1"))")
            try connection.execute("INSERT INTO W VALUES ('b', x'00'), ('a', NULL)")
            try connection.execute("VACUUM")
            connection.close()
            let reader = try EngineConnection(path: path, options: .readOnly)
            defer { reader.close() }
            return try DatabaseStateDigest(reading: reader, ignoredColumns: ["pb_updated_at"])
        }
        let small = try make("small.sqlite", pageSize: 1024, real: false, stamp: "2026-01-01")
        let large = try make("large.sqlite", pageSize: 8192, real: false, stamp: "2026-12-01")
        let real = try make("real.sqlite", pageSize: 1024, real: true, stamp: "2026-01-01")
        #expect(small == large, "page size and the ignored clock column do not count")
        #expect(small.sha256 != real.sha256, "1 and 1.0 are different storage classes")
        #expect(small.tables.map(\.name) == ["T", "W"])
        #expect(small.tables.map(\.rows) == [51, 2])
        #expect(small.tables[0].sha256 != real.tables[0].sha256 && small.tables[1] == real.tables[1])
    }
}
