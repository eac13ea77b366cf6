import Foundation
import MMEXFiles
import ReaderWriterDriver
import TestSupport
import Testing

@Suite("A second process reads while the app writes through a pool")
struct WidgetReaderTests {
    static var readerURL: URL {
        DriverPortBinary.url.deletingLastPathComponent().appendingPathComponent("driverport-widget-reader")
    }

    @Test("a reader process never observes a partially applied write, and sees every commit in order")
    func readerSeesOnlyCommittedStates() throws {
        let folder = TemporaryDirectory("widget")
        let path = folder.path("money.mmb")
        try MMEXFileCreator.create(at: path).close()
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        configuration.busyMode = .timeout(seconds: 5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        let writes = 400

        let reader = Process()
        reader.executableURL = Self.readerURL
        reader.arguments = [path, String(writes * 2), "120"]
        let output = Pipe()
        let shown = StreamedOutput()
        reader.standardOutput = output
        output.fileHandleForReading.readabilityHandler = { shown.append($0.availableData) }
        try reader.run()
        // Deterministic overlap, whatever the machine's load: the writes start once the reader has read the empty
        // state, and the second half waits until the reader has seen the first half committed.
        #expect(shown.wait { $0.contains("seen 0\n") }, "the reader never read the empty state: \(shown.text)")

        for index in 0..<writes {
            if index == writes / 2 {
                #expect(shown.wait { $0.contains("seen \(writes)\n") }, "the reader never saw half the writes: \(shown.text)")
            }
            try pool.write { db in
                let amount = Int64(index % 97 + 1)
                for code in ["Deposit", "Withdrawal"] {
                    try db.execute(
                        sql: """
                        INSERT INTO CHECKINGACCOUNT_V1 (ACCOUNTID, PAYEEID, TRANSCODE, TRANSAMOUNT, STATUS, NOTES, TRANSDATE)
                        VALUES (?, 1, ?, ?, '', 'widget-test', '2025-01-01')
                        """,
                        arguments: [Int64(code == "Deposit" ? 1 : 2), code, amount]
                    )
                }
            }
        }
        reader.waitUntilExit()
        _ = shown.waitForEnd()
        output.fileHandleForReading.readabilityHandler = nil
        let text = shown.text.split(separator: "\n").filter { !$0.hasPrefix("seen ") }.joined(separator: "\n")
        #expect(reader.terminationStatus == 0, "reader: \(text)")
        #expect(text.hasPrefix("ok "), "reader: \(text)")
        // The reader overlapped the writes: it saw the empty state, the half-way one and the last.
        let states = text.split(separator: " ").first { $0.hasPrefix("states=") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        #expect(states > 2, "reader: \(text)")
        try pool.close()
    }
}

