import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport
import Testing

@Suite("Snapshot bridge")
struct SnapshotBridgeTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
    /// 2026-03-14 12:00:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_773_489_600)
    static let yesterday = noon.addingTimeInterval(-86_400)

    /// A v21 file with two accounts in two currencies and transactions that exercise every rule.
    private func makeDatabase(in folder: TemporaryDirectory) throws -> String {
        let path = folder.path("money.mmb")
        let connection = try MMEXFileCreator.create(at: path)
        defer { connection.close() }
        let usd = try #require(try connection.scalar("SELECT CURRENCYID FROM CURRENCYFORMATS_V1 WHERE CURRENCY_SYMBOL = 'USD'")?.integerValue)
        let eur = try #require(try connection.scalar("SELECT CURRENCYID FROM CURRENCYFORMATS_V1 WHERE CURRENCY_SYMBOL = 'EUR'")?.integerValue)
        try connection.run("""
            INSERT INTO ACCOUNTLIST_V1 (ACCOUNTID, ACCOUNTNAME, ACCOUNTTYPE, STATUS, FAVORITEACCT, CURRENCYID, INITIALBAL)
            VALUES (1, 'Cash', 'Cash', 'Open', 'TRUE', ?, 0.1), (2, 'Konto', 'Checking', 'Open', 'FALSE', ?, 100)
            """, [.integer(usd), .integer(eur)])
        try connection.execute("""
            INSERT INTO PAYEE_V1 (PAYEEID, PAYEENAME) VALUES (1, 'Shop');
            INSERT INTO CHECKINGACCOUNT_V1 (ACCOUNTID, TOACCOUNTID, PAYEEID, TRANSCODE, TRANSAMOUNT, STATUS, TRANSDATE, TOTRANSAMOUNT, DELETEDTIME) VALUES
              (1, -1, 1, 'Deposit', 0.2, '', '2026-03-14', 0.2, NULL),
              (1, -1, 1, 'Withdrawal', 0.05, 'R', '2026-03-14T00:00:00', 0.05, ''),
              (1, -1, 1, 'Deposit', 1000, 'V', '2026-03-14', 1000, NULL),
              (1, -1, 1, 'Withdrawal', 7, '', '2026-03-14', 7, '2026-03-14T09:00:00'),
              (1, 2, -1, 'Transfer', 10, 'F', '2026-03-13', 9.5, NULL),
              (2, 1, -1, 'Transfer', 1, 'D', '2026-03-14', NULL, NULL),
              (2, -1, 1, 'Withdrawal', 0.3, '', '2026-04-01', 0.3, NULL);
            """)
        return path
    }

    @Test("balances follow the documented rule exactly: void and deleted excluded, transfers both ways, decimal sums")
    func balancesAreExact() throws {
        let folder = TemporaryDirectory()
        let path = try makeDatabase(in: folder)
        let summary = try SnapshotBridge.computeSummary(database: path, now: Self.noon, calendar: Self.utc)
        let balances = Dictionary(uniqueKeysWithValues: summary.accounts.map { ($0.id, $0.balance) })
        // 0.1 + 0.2 - 0.05 - 10 + 1: SQLite's SUM over doubles would not give exactly -8.75 + the 0.3 parts.
        #expect(balances[1] == "-8.75")
        // 100 + 9.5 (received in its own currency) - 1 - 0.3 (future-dated, still counted)
        #expect(balances[2] == "108.2")
        #expect(summary.accounts.first { $0.id == 2 }?.currency == "EUR")
        #expect(summary.day == "2026-03-14")
    }

    @Test("today's totals count today's transactions per currency, whatever time the date carries")
    func todaysTotals() throws {
        let folder = TemporaryDirectory()
        let path = try makeDatabase(in: folder)
        let summary = try SnapshotBridge.computeSummary(database: path, now: Self.noon, calendar: Self.utc)
        let usd = try #require(summary.today.first { $0.currency == "USD" })
        #expect(usd.deposits == "0.2")
        #expect(usd.withdrawals == "0.05")
        #expect(usd.transfers == "0")
        #expect(usd.transactions == 2)
        let eur = try #require(summary.today.first { $0.currency == "EUR" })
        #expect(eur.transfers == "1")
        #expect(eur.transactions == 1)
    }

    @Test("a published snapshot of today is read; one from yesterday is ignored and the database is read instead")
    func staleSnapshotIgnored() throws {
        let folder = TemporaryDirectory()
        let path = try makeDatabase(in: folder)
        let fresh = try SnapshotBridge.publish(database: path, now: Self.noon, calendar: Self.utc)
        let read = try SnapshotBridge.read(database: path, now: Self.noon.addingTimeInterval(3_600), calendar: Self.utc)
        #expect(read.source == .snapshot)
        #expect(read.summary == fresh)

        try SnapshotBridge.publish(database: path, now: Self.yesterday, calendar: Self.utc)
        let later = try SnapshotBridge.read(database: path, now: Self.noon, calendar: Self.utc)
        #expect(later.source == .database(.stale(generatedAt: Self.yesterday)))
        #expect(later.summary.generatedAt == Self.noon)
        #expect(later.summary.day == "2026-03-14")
        // A snapshot "from tomorrow" (a clock that jumped) is not today's either.
        let tomorrow = SnapshotBridge.loadSnapshot(
            at: SnapshotBridge.defaultPath(forDatabase: path), now: Self.yesterday.addingTimeInterval(-86_400), calendar: Self.utc
        )
        #expect(throws: SnapshotBridge.FallbackReason.self) { try tomorrow.get() }
    }

    @Test("a torn or invalid snapshot is never read: truncated JSON, a bad amount, another format")
    func tornSnapshotNeverRead() throws {
        let folder = TemporaryDirectory()
        let path = try makeDatabase(in: folder)
        let snapshotPath = SnapshotBridge.defaultPath(forDatabase: path)
        let valid = try SnapshotBridge.computeSummary(database: path, now: Self.noon, calendar: Self.utc).encoded()
        let text = String(decoding: valid, as: UTF8.self)
        let variants: [Data] = [
            valid.prefix(valid.count / 2), valid.dropLast(1), Data(),
            Data(text.replacingOccurrences(of: "\"-8.75\"", with: "\"-8,75\"").utf8),
            Data(text.replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 2").utf8),
        ]
        for (index, bytes) in variants.enumerated() {
            try bytes.write(to: URL(fileURLWithPath: snapshotPath))
            let read = try SnapshotBridge.read(database: path, now: Self.noon, calendar: Self.utc)
            guard case .database(.invalid) = read.source else {
                Issue.record("variant \(index) was read as \(read.source)")
                continue
            }
            #expect(read.summary.accounts.count == 2)
        }
    }

    @Test("a temporary file a crashed publisher left behind is never read")
    func leftoverTemporaryIgnored() throws {
        let folder = TemporaryDirectory()
        let path = try makeDatabase(in: folder)
        let snapshotPath = SnapshotBridge.defaultPath(forDatabase: path)
        let summary = try SnapshotBridge.computeSummary(database: path, now: Self.noon, calendar: Self.utc)
        let temporary = folder.path(".money.mmb.snapshot.json.tmp-\(UUID().uuidString)")
        try summary.encoded().prefix(40).write(to: URL(fileURLWithPath: temporary))
        #expect(try SnapshotBridge.read(database: path, now: Self.noon, calendar: Self.utc).source == .database(.missing))

        let older = try SnapshotBridge.publish(database: path, now: Self.noon.addingTimeInterval(-600), calendar: Self.utc)
        try summary.encoded().write(to: URL(fileURLWithPath: temporary))
        let read = try SnapshotBridge.read(database: path, now: Self.noon, calendar: Self.utc)
        #expect(read.source == .snapshot)
        #expect(read.summary == older)
        #expect(FileManager.default.fileExists(atPath: snapshotPath))
    }

    @Test("while one thread publishes again and again, a reader sees the old or the new snapshot, never a torn one")
    func concurrentPublishAndRead() throws {
        let folder = TemporaryDirectory()
        let path = try makeDatabase(in: folder)
        let snapshotPath = SnapshotBridge.defaultPath(forDatabase: path)
        let first = try SnapshotBridge.computeSummary(database: path, now: Self.noon, calendar: Self.utc)
        let second = try SnapshotBridge.computeSummary(database: path, now: Self.noon.addingTimeInterval(1), calendar: Self.utc)
        try SnapshotBridge.publish(first, to: snapshotPath)
        let group = DispatchGroup()
        let failures = LockedList()
        DispatchQueue.global().async(group: group) {
            for index in 0..<400 {
                do { try SnapshotBridge.publish(index.isMultiple(of: 2) ? second : first, to: snapshotPath) } catch {
                    failures.append("publish: \(error)")
                }
            }
        }
        var reads = 0
        while group.wait(timeout: .now()) == .timedOut || reads < 100 {
            switch SnapshotBridge.loadSnapshot(at: snapshotPath, now: Self.noon, calendar: Self.utc) {
            case .success(let summary):
                if summary != first && summary != second { failures.append("read an unknown summary") }
            case .failure(let reason):
                failures.append("read failed: \(reason)")
            }
            reads += 1
        }
        #expect(failures.items.isEmpty, "\(failures.items.prefix(3))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("a summary published at a time with fractions of a second reads back equal")
    func publishedSummaryReadsBackEqual() throws {
        let folder = TemporaryDirectory()
        let path = try makeDatabase(in: folder)
        let now = Self.noon.addingTimeInterval(0.75)
        let published = try SnapshotBridge.publish(database: path, now: now, calendar: Self.utc)
        let read = try SnapshotBridge.read(database: path, now: now, calendar: Self.utc)
        #expect(read.source == .snapshot)
        #expect(read.summary == published)
    }

    @Test("numeric text parses strictly into exact decimals")
    func decimalTextIsStrict() {
        #expect(DecimalText.parse("12.34") == Decimal(string: "12.34"))
        #expect(DecimalText.parse("-0.5") == Decimal(string: "-0.5"))
        #expect(DecimalText.parse("1.0e+20") == Decimal(string: "100000000000000000000"))
        #expect(DecimalText.parse(".5") == Decimal(string: "0.5"))
        for bad in ["12,3", "5e", "abc", "", "-", "1.2.3", "0x10"] {
            #expect(DecimalText.parse(bad) == nil, "\(bad)")
        }
        var sum = Decimal(0)
        for text in ["0.1", "0.2"] { sum += DecimalText.parse(text) ?? 0 }
        #expect(DecimalText.format(sum) == "0.3")
    }
}

/// Strings appended from several threads.
final class LockedList: @unchecked Sendable {
    // @unchecked: `lock` guards `storage`.
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ item: String) { lock.withLock { storage.append(item) } }
    var items: [String] { lock.withLock { storage } }
}
