import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of slice 1: currencies, their rate history, the base currency and conversion at a date.
///
/// The hand-written scenarios pin the contract's corners: NOCASE symbols, the base currency (set, unset, dangling,
/// not a number), the rate on a day (before the first history row, on a row's day, between rows, a stored time
/// suffix, no history so `BASECONVRATE`, NULL `BASECONVRATE`), conversion through the base currency and between two
/// foreign currencies, amounts stored as INTEGER, REAL and TEXT, unique names and symbols, deletes refused for
/// currencies in use, and rollback. The random generator mixes every operation over pools of ids, symbols, days and
/// amounts.
enum CurrencyScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .currencies, repositories: [.currencies], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.currencies, SliceReadBack.currencyHistory, SliceReadBack.infoEntries]
        )
    }

    // MARK: Pools

    /// Ids of the default currency list (1 USD, 2 EUR, 3 GBP, 4 RUB, 73 JPY in the fixtures), ids nothing uses, and
    /// ids the deterministic minter hands out first.
    static let ids: [Int64] = [1, 2, 3, 4, 5, 73, 100, 168, 169, 0, -1, 999_999, 1_767_225_600_003_237]
    static let symbols: [String] = ["USD", "usd", "Eur", "EUR", "GBP", "rub", "JPY", "XBT", "DP1", "dp1", "ZZZ", "", "€"]
    static let names: [String] = ["US dollar", "us DOLLAR", "Euro", "DP Coin", "dp coin", "Рубль", "DP Token", ""] + CornerValues.names
    static let days: [String] = [
        "1970-01-01", "2022-12-31", "2023-01-01", "2023-01-07", "2023-01-08", "2023-06-15", "2024-02-29", "2024-12-31",
        "2030-01-01", "9999-12-31",
    ]
    static let amounts: [Amount] = [0, 1, 100, -250, 0.1, 12.5, 1e-8, 123_456_789_012.34, .text("12,50"), .text("7")]
    static let rates: [Amount] = [1, 2, 0.5, 0.92, 1.0836, 110, 0, -1, 1e-9, .text("n/a")]

    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text) ?? CalendarDay(year: 2024, month: 1, day: 1)! }

    static func currency(id: Int64 = 0, name: String, symbol: String, rate: Amount? = 1, type: String = "Fiat") -> CurrencyFormat {
        CurrencyFormat(
            id: id, name: name, prefixSymbol: "¤", suffixSymbol: nil, decimalPoint: ".", groupSeparator: ",",
            unitName: "unit", centName: "cent", scale: 100, baseConversionRate: rate, symbol: symbol, type: type
        )
    }

    // MARK: Operations


    static func all() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("currencies.currencies()") { try $0.currencies.currencies() }
    }

    static func byId(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("currencies.currency(id: \(id))") { try $0.currencies.currency(id: id) }
    }

    static func bySymbol(_ symbol: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("currencies.currency(symbol: \(quoted(symbol)))") { try $0.currencies.currency(symbol: symbol) }
    }

    static func base() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("currencies.baseCurrency()") { try $0.currencies.baseCurrency() }
    }

    static func history(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("currencies.history(currencyId: \(id))") { try $0.currencies.history(currencyId: id) }
    }

    static func rate(_ id: Int64, _ dayText: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("currencies.rate(currencyId: \(id), on: \(dayText))") {
            try $0.currencies.rate(currencyId: id, on: day(dayText))
        }
    }

    static func convert(_ amount: Amount, _ from: Int64, _ to: Int64, _ dayText: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("currencies.convert(\(amount), from: \(from), to: \(to), on: \(dayText))") {
            try $0.currencies.convert(amount, from: from, to: to, on: day(dayText))
        }
    }

    static func insert(_ currency: CurrencyFormat) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("currencies.insert(id \(currency.id), \(quoted(currency.name)), \(quoted(currency.symbol)))") {
            try $0.currencies.insert(currency)
        }
    }

    static func update(_ currency: CurrencyFormat) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("currencies.update(id \(currency.id), \(quoted(currency.name)), \(quoted(currency.symbol)))") {
            try $0.currencies.update(currency)
            return try $0.currencies.currency(id: currency.id)
        }
    }

    /// Renames an existing currency (read inside the same unit of work), so updates hit real rows.
    static func rename(_ id: Int64, _ name: String, rate: Amount?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("currencies.update(currency \(id) renamed \(quoted(name)), rate \(String(describing: rate)))") {
            context -> CurrencyFormat? in
            guard var currency = try context.currencies.currency(id: id) else { return nil }
            currency.name = name
            currency.baseConversionRate = rate
            try context.currencies.update(currency)
            return try context.currencies.currency(id: id)
        }
    }

    static func delete(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("currencies.deleteCurrency(id: \(id))") { try $0.currencies.deleteCurrency(id: id) }
    }

    static func setBase(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("currencies.setBaseCurrency(id: \(id))") { context -> Done in
            try context.currencies.setBaseCurrency(id: id)
            return Done()
        }
    }

    static func setRate(_ id: Int64, _ date: String, _ value: Amount, historyId: Int64 = 0) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("currencies.setRate(id \(historyId), currency \(id), \(date), \(value))") {
            try $0.currencies.setRate(CurrencyHistory(id: historyId, currencyId: id, date: MMEXDate(date), value: value, updateType: 1))
        }
    }

    static func deleteRate(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("currencies.deleteRate(id: \(id))") { try $0.currencies.deleteRate(id: id) }
    }

    /// Writes the base currency entry directly (unset, not a number, dangling), then reads what depends on it.
    static func rawBase(_ value: String?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("infoTable BASECURRENCYID = \(quoted(value)); baseCurrency(); rate(2)") { context -> BaseOutcome in
            if let value { try context.infoTable.setValue(value, for: .baseCurrencyId) } else {
                try context.infoTable.removeValue(for: .baseCurrencyId)
            }
            let currencies = context.currencies
            return BaseOutcome(
                base: Outcome(Result { try currencies.baseCurrency() }),
                rate: Outcome(Result { try currencies.rate(currencyId: 2, on: day("2024-01-01")) })
            )
        }
    }

    static func rolledBack(_ name: String, _ symbol: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { insert(\(quoted(name))); setRate; delete(3); throw }") { context in
            let inserted = try context.currencies.insert(currency(name: name, symbol: symbol))
            try context.currencies.setRate(
                CurrencyHistory(id: 0, currencyId: inserted.id, date: "2024-01-01", value: 2, updateType: nil)
            )
            _ = try? context.currencies.deleteCurrency(id: 3)
        }
    }

    private static func quoted(_ text: String?) -> String { SessionOperation.quoted(text) }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("read everything", covers: [.currencies], [
                all(), base(), byId(1), byId(2), byId(999_999), history(1), history(2), history(999_999),
            ]),
            SliceScenario("NOCASE symbols", covers: [.currencies], [
                bySymbol("USD"), bySymbol("usd"), bySymbol("Usd"), bySymbol("eur"), bySymbol("XBT"), bySymbol(""),
                insert(currency(name: "DP Coin", symbol: "dpc")), bySymbol("DPC"), insert(currency(name: "DP Coin 2", symbol: "DPC")),
                insert(currency(name: "dp coin", symbol: "DPX")), all(),
            ]),
            SliceScenario("rates on a day", covers: [.currencies], [
                rate(1, "1970-01-01"), rate(1, "2023-01-01"), rate(1, "2023-01-07"), rate(1, "2023-01-08"),
                rate(1, "2023-06-15"), rate(1, "9999-12-31"), rate(2, "2023-06-15"), rate(4, "2024-02-29"),
                rate(999_999, "2024-01-01"), setRate(5, "2024-01-10T00:00:00", 3), setRate(5, "2024-01-05", 2),
                rate(5, "2024-01-04"), rate(5, "2024-01-05"), rate(5, "2024-01-09"), rate(5, "2024-01-10"),
                setRate(5, "2024-01-05", 2.5), history(5), rename(6, "DP Null Rate", rate: nil), rate(6, "2024-01-01"),
                rename(7, "DP Text Rate", rate: .text("n/a")), rate(7, "2024-01-01"), convert(10, 7, 2, "2024-01-01"),
            ]),
            SliceScenario("conversion at a date", covers: [.currencies], [
                convert(100, 1, 2, "2023-01-08"), convert(100, 2, 1, "2023-01-08"), convert(100, 1, 3, "2023-06-15"),
                convert(0.1, 4, 73, "2024-02-29"), convert(.text("12,50"), 1, 2, "2024-01-01"), convert(5, 3, 3, "2024-01-01"),
                convert(5, 999_999, 2, "2024-01-01"), setRate(9, "2024-01-01", 0), convert(1, 2, 9, "2024-06-01"),
                setBase(1), convert(100, 1, 2, "2023-01-08"), rate(1, "1970-01-01"), base(),
            ]),
            SliceScenario("base currency", covers: [.currencies], [
                base(), rawBase("3"), rawBase("999999"), rawBase("EUR"), rawBase(nil), rawBase(" 2"), setBase(999_999),
                setBase(4), base(), delete(4),
            ]),
            SliceScenario("insert, update, delete", covers: [.currencies], [
                insert(currency(name: "DP Token", symbol: "DPT", rate: 0.25)), insert(currency(name: "DP Token", symbol: "DPU")),
                insert(currency(id: 1, name: "Clash", symbol: "CLS")), insert(currency(id: 5_000, name: "Given id", symbol: "GID")),
                update(currency(id: 5_000, name: "Given id renamed", symbol: "gid", rate: .text("x"))), byId(5_000),
                update(currency(id: 5_001, name: "Nobody", symbol: "NOB")), update(currency(id: 5_000, name: "Euro", symbol: "GID")),
                delete(5_000), delete(5_000), delete(1), delete(2), setRate(168, "2024-01-01", 1.5), delete(168),
                deleteRate(1), deleteRate(1), history(1), all(),
            ]),
            SliceScenario("units of work", covers: [.currencies], [
                rolledBack("DP Rolled", "DPR"), bySymbol("DPR"), all(), history(3),
            ]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        func id(_ random: inout SplitMix64) -> Int64 { random.element(of: ids) ?? 1 }
        func dayText(_ random: inout SplitMix64) -> String { random.element(of: days) ?? "2024-01-01" }
        func symbol(_ random: inout SplitMix64) -> String { random.element(of: symbols) ?? "USD" }
        func name(_ random: inout SplitMix64) -> String {
            random.chance(1, in: 3) ? "DP Currency \(random.below(6))" : CornerValues.caseVariant(of: random.element(of: names) ?? "Euro", &random)
        }
        return .weighted([
            (2, OperationGenerator { _ in all() }),
            (4, OperationGenerator { random in byId(id(&random)) }),
            (4, OperationGenerator { random in bySymbol(symbol(&random)) }),
            (2, OperationGenerator { _ in base() }),
            (3, OperationGenerator { random in history(id(&random)) }),
            (8, OperationGenerator { random in rate(id(&random), dayText(&random)) }),
            (8, OperationGenerator { random in
                convert(random.element(of: amounts) ?? 1, id(&random), id(&random), dayText(&random))
            }),
            (4, OperationGenerator { random in
                let insertedId: Int64 = random.chance(1, in: 4) ? id(&random) : 0
                return insert(currency(id: insertedId, name: name(&random), symbol: symbol(&random), rate: random.element(of: rates)))
            }),
            (3, OperationGenerator { random in rename(id(&random), name(&random), rate: random.element(of: rates)) }),
            (2, OperationGenerator { random in delete(id(&random)) }),
            (1, OperationGenerator { random in setBase(id(&random)) }),
            (6, OperationGenerator { random in
                setRate(id(&random), dayText(&random), random.element(of: rates) ?? 1, historyId: random.chance(1, in: 6) ? id(&random) : 0)
            }),
            (2, OperationGenerator { random in deleteRate(Int64(random.int(in: 0...12)) + (random.chance(1, in: 2) ? 0 : 1_090)) }),
            (1, OperationGenerator { random in rawBase(random.chance(1, in: 3) ? nil : String(id(&random))) }),
            (1, OperationGenerator { random in rolledBack(name(&random), symbol(&random)) }),
        ])
    }
}

/// The base currency and a rate read after the base entry changed, each a value or the error it threw.
struct BaseOutcome: Encodable {
    let base: Outcome<CurrencyFormat?>
    let rate: Outcome<Amount?>
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Currencies and their rate history.
    package static let currencies = RepositorySlice("currencies", stage: 1)
}

extension MMEXRepository {
    /// `CurrencyRepository`, vended by both drivers.
    package static let currencies = MMEXRepository(CurrencyRepositoryKey.self)
}
