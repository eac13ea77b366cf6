// Runs mmex-ios's own repositories on a copy of an MMEX file and prints what they return, one line each, so the
// output of this program built on the legacy driver and on real SQLite.swift 0.15.3 can be compared with diff.
import Dispatch
import Foundation
@testable import MMEXDataLayer
import SQLite

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: MMEXCheck COPY-OF-FILE.mmb\n".utf8))
    exit(64)
}
#if canImport(LegacyDriver)
try KeyPragmas.install() // what a SQLite3MC build does at sqlite3_initialize
#endif
let db = try Connection(arguments[1])
#if canImport(LegacyDriver)
// The app's own keying (App/SQLite3MC.swift: SQLCipher 4 through SQLite3MC's C API), over the page codec; the
// reference build has no cipher.
if let key = ProcessInfo.processInfo.environment["MMEX_CHECK_KEY"] {
    db.initSQLCipher()
    try db.keyAndMigrate(key)
}
#endif

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]

func line(_ label: String, _ text: String) { print(label + "\t" + text) }

func json<T: Encodable>(_ value: T) -> String {
    (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "unencodable"
}

func readAll<R: RepositoryProtocol>(_ repository: R) {
    let name = R.repositoryName
    line("\(name) count", "\(repository.count().map(String.init) ?? "nil")")
    let rows: [R.RepositoryData] = repository.select(with: R.fetchData) ?? []
    line("\(name) select", "\(rows.count) " + json(rows.map { json($0) }.joined(separator: "\n").hashValueStable))
    line("\(name) ids", json((repository.selectId() ?? []).map(\.value).sorted()))
    if let first = rows.first {
        switch repository.pluck(id: first.id, with: R.fetchData) {
        case .some(let row): line("\(name) pluck", json(row))
        default: line("\(name) pluck", "none")
        }
    }
    line("\(name) used", "\((repository.selectId(from: R.filterUsed(R.table)) ?? []).count)")
}

extension String {
    /// FNV-1a over the UTF-8 bytes: the same in both builds (Swift's hashValue is seeded per process).
    var hashValueStable: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}

line("userVersion", "\(db.userVersion.map(String.init) ?? "nil")")
line("sqliteVersion major", "\(db.sqliteVersion.major)")
readAll(AccountRepository(db))
readAll(AssetRepository(db))
readAll(AttachmentRepository(db))
readAll(BudgetPeriodRepository(db))
readAll(BudgetRepository(db))
readAll(CategoryRepository(db))
readAll(CurrencyHistoryRepository(db))
readAll(CurrencyRepository(db))
readAll(FieldRepository(db))
readAll(FieldValueRepository(db))
readAll(InfotableRepository(db))
readAll(PayeeRepository(db))
readAll(ReportRepository(db))
readAll(ScheduledRepository(db))
readAll(ScheduledSplitRepository(db))
readAll(StockHistoryRepository(db))
readAll(StockRepository(db))
readAll(TagLinkRepository(db))
readAll(TagRepository(db))
readAll(TransactionLinkRepository(db))
readAll(TransactionRepository(db))
// On SQLite.swift this repository traps on the fixture (it reads CAST(SHARENUMBER AS REAL), a column its query
// does not select); MMEX_CHECK_SKIP_SHARES=1 leaves it out so both builds can run past it.
if ProcessInfo.processInfo.environment["MMEX_CHECK_SKIP_SHARES"] == nil { readAll(TransactionShareRepository(db)) }
readAll(TransactionSplitRepository(db))

// The WITH query.
let flows = AccountRepository(db).dictFlowByStatus() ?? [:]
for id in flows.keys.sorted(by: { $0.value < $1.value }) {
    let byStatus = flows[id] ?? [:]
    let text = byStatus.keys.map(\.rawValue).sorted().map { status in
        let flow = byStatus.first { $0.key.rawValue == status }!.value
        return "\(status)=\(flow.inflow)/\(flow.outflow)"
    }.joined(separator: " ")
    line("flow \(id.value)", text)
}

// Raw SQL through Repository.
let raw = Repository(db).select(rawQuery: "SELECT ACCOUNTID, ACCOUNTNAME, INITIALBAL FROM ACCOUNTLIST_V1 ORDER BY ACCOUNTID")
line("raw select", json(raw.queryResult))

// Writes: insert, update, delete a payee and a tag with fixed ids.
let payees = PayeeRepository(db)
var payee = PayeeData()
payee.id = 900_001
payee.name = "Check payee"
line("payee insert", "\(payees.insert(&payee)) id \(payee.id.value)")
payee.name = "Check payee renamed"
line("payee update", "\(payees.update(payee))")
line("payee read", json(payees.pluck(id: payee.id, with: PayeeRepository.fetchData).toOptional()))
var duplicate = PayeeData()
duplicate.id = 900_002
duplicate.name = "Check payee renamed"
line("payee duplicate name insert", "\(payees.insert(&duplicate))")
line("payee delete", "\(payees.delete(payee))")
line("payee count after", "\(payees.count().map(String.init) ?? "nil")")
let infotable = InfotableRepository(db)
line("info set", "\(infotable.setValue(42, for: "MMEX_CHECK"))")
line("info get", "\(infotable.getValue(for: "MMEX_CHECK", as: Int.self).map(String.init) ?? "nil")")

// One connection shared by threads, as the view models load repositories in parallel.
let group = DispatchGroup()
let counts = NSLock()
var totals: [Int] = []
for _ in 0..<4 {
    DispatchQueue.global().async(group: group) {
        var total = 0
        for _ in 0..<40 { total += TransactionRepository(db).select(with: TransactionRepository.fetchData)?.count ?? -1_000_000 }
        counts.lock(); totals.append(total); counts.unlock()
    }
}
group.wait()
line("threads", json(totals.sorted()))
