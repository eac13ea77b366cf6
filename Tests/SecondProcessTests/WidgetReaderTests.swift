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
        reader.standardOutput = output
        try reader.run()

        for index in 0..<writes {
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
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(reader.terminationStatus == 0, "reader: \(text)")
        #expect(text.hasPrefix("ok "), "reader: \(text)")
        // The reader overlapped the writes: it saw more than the first and last states.
        let states = text.split(separator: " ").first { $0.hasPrefix("states=") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        #expect(states > 2, "reader: \(text)")
        try pool.close()
    }
}
