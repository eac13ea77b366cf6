import Foundation
import MMEXModel
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// The currency slice's contract on each session (the committed fixture: base currency EUR = 2, USD = 1 with weekly
/// history from 2023-01-01).
@Suite("Currency repository")
struct CurrencyRepositoryTests {
    private func day(_ text: String) throws -> CalendarDay { try #require(CalendarDay(iso: text)) }

    @Test("lookups: by id, by symbol (NOCASE, lowest id), the base currency from BASECURRENCYID", arguments: Driver.allCases)
    func lookups(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        try session.read { (context) throws in
            let currencies = context.currencies
            let all = try currencies.currencies()
            #expect(all.count == 169)
            #expect(all.map(\.id) == all.map(\.id).sorted())
            #expect(try currencies.currency(symbol: "usd")?.id == 1)
            #expect(try currencies.currency(symbol: "Eur")?.id == 2)
            #expect(try currencies.currency(symbol: "nope") == nil)
            #expect(try currencies.baseCurrency()?.symbol == "EUR")
            let history = try currencies.history(currencyId: 1)
            #expect(history.first?.date == "2023-01-01")
            #expect(history.map(\.date.rawValue) == history.map(\.date.rawValue).sorted())
        }
    }

    @Test("the rate on a day: 1 for the base, the latest history rate on or before the day, else BASECONVRATE", arguments: Driver.allCases)
    func rates(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        try session.read { (context) throws in
            let currencies = context.currencies
            #expect(try currencies.rate(currencyId: 2, on: day("2024-01-01")) == .integer(1))
            #expect(try currencies.rate(currencyId: 1, on: day("2023-01-01")) == .real(0.92), "on the row's own day")
            #expect(try currencies.rate(currencyId: 1, on: day("2023-01-10")) == .real(0.907856), "between rows")
            let usd = try #require(try currencies.currency(id: 1))
            #expect(try currencies.rate(currencyId: 1, on: day("2022-12-31")) == usd.baseConversionRate, "before history")
            #expect(try currencies.rate(currencyId: 999_999, on: day("2024-01-01")) == nil)
        }
        _ = try session.write { try $0.currencies.setRate(CurrencyHistory(id: 0, currencyId: 6, date: "2024-01-10T00:00:00", value: 3)) }
        #expect(try session.read { try $0.currencies.rate(currencyId: 6, on: day("2024-01-10")) } == .integer(3), "time suffix ignored")
        #expect(try session.read { try $0.currencies.rate(currencyId: 6, on: day("2024-01-09")) } != .integer(3))
    }

    @Test("conversion multiplies by the source rate and divides by the target rate of that day", arguments: Driver.allCases)
    func conversion(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        try session.read { (context) throws in
            let currencies = context.currencies
            #expect(try currencies.convert(100, from: 1, to: 2, on: day("2023-01-10")) == Amount(100 * 0.907856))
            #expect(try currencies.convert(100, from: 2, to: 1, on: day("2023-01-10")) == Amount(100 / 0.907856))
            #expect(try currencies.convert(.text("x"), from: 1, to: 2, on: day("2023-01-10")) == nil)
            #expect(try currencies.convert(.text("x"), from: 1, to: 1, on: day("2023-01-10")) == .text("x"))
            #expect(try currencies.convert(5, from: 999_999, to: 2, on: day("2023-01-10")) == nil)
        }
    }

    @Test("writes: minted ids, same-day rates replaced in place, deletes refused for currencies in use", arguments: Driver.allCases)
    func writes(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path, configuration: SessionConfiguration(minter: scriptedMinter([1, 880_001, 880_002, 880_003])))
        defer { try? session.close() }
        let coin = try session.write {
            try $0.currencies.insert(CurrencyFormat(id: 0, name: "DP Coin", baseConversionRate: 0.5, symbol: "DPC", type: "Crypto"))
        }
        #expect(coin.id == 880_001, "id 1 is USD's: minted again")
        let first = try session.write { try $0.currencies.setRate(CurrencyHistory(id: 0, currencyId: coin.id, date: "2024-01-01", value: 2)) }
        let second = try session.write { try $0.currencies.setRate(CurrencyHistory(id: 0, currencyId: coin.id, date: "2024-01-01", value: 0.25)) }
        #expect(second.id == first.id)
        #expect(try session.read { try $0.currencies.history(currencyId: coin.id) }.map(\.value) == [.real(0.25)])
        #expect(throws: PersistenceError.self) { try session.write { try $0.currencies.deleteCurrency(id: coin.id) } }
        #expect(throws: PersistenceError.self) { try session.write { try $0.currencies.deleteCurrency(id: 2) } }
        #expect(throws: PersistenceError.self) { try session.write { try $0.currencies.deleteCurrency(id: 1) } }
        #expect(try session.write { try $0.currencies.deleteRate(id: first.id) })
        #expect(try session.write { try $0.currencies.deleteCurrency(id: coin.id) })
        #expect(throws: PersistenceError.self) {
            try session.write { try $0.currencies.insert(CurrencyFormat(id: 0, name: "euro", symbol: "DPE", type: "Fiat")) }
        }
        try session.close()
        #expect(try Files.scalar(path, "SELECT typeof(CURRVALUE) FROM CURRENCYHISTORY_V1 WHERE CURRHISTID = 1") == .text("real"))
    }
}

/// On MMEX 0.9.7's table shapes both drivers refuse the same way: the legacy driver would otherwise read a missing,
/// double-quoted column as a string literal (SQLite's double-quoted-string fallback) and return its name as data.
@Suite("Old table shapes")
struct OldTableShapeTests {
    @Test("a currency table without CURRENCY_TYPE and a ledger without DELETEDTIME are refused by name", .needsSharedData, arguments: Driver.allCases)
    func refusesOldShapes(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try folder.copy(SharedData.realFile("mmex-0.9.7.0-v0.mmb"), as: "old.mmb")
        let session = try driver.open(path)
        defer { try? session.close() }
        let currencyError = #expect(throws: PersistenceError.self) { try session.read { try $0.currencies.currencies() } }
        #expect("\(String(describing: currencyError))".contains("CURRENCYFORMATS_V1.CURRENCY_TYPE"))
        let ledgerError = #expect(throws: PersistenceError.self) { try session.read { try $0.accounts.flows() } }
        #expect("\(String(describing: ledgerError))".contains("CHECKINGACCOUNT_V1."))
    }
}
