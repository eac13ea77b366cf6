import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the stocks slice (`STOCK_V1`, `STOCKHISTORY_V1`, and what a delete takes with it).
enum StockScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .stocks, repositories: [.stocks], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.stocks, SliceReadBack.stockHistory]
        )
    }

    static let names: [String] = ["SAP SE", "sap se", "Vanguard", "Zürich Re", "ZÜRICH RE", ""] + CornerValues.names
    static let symbols: [String?] = ["SAP.DE", "VWRL.AS", "sap.de", "NEW.X", nil]
    static let dates: [MMEXDate] = ["2023-01-28", "2024-02-29", "2024-02-29T00:00:00", "2025-12-31", "someday"]
    static let prices: [Amount] = [0, 97, .real(97.175), .real(0.1), .text("n/a"), -1]
    static let days: [CalendarDay] = ["2022-01-01", "2023-06-30", "2024-02-29", "2026-01-01"].compactMap {
        CalendarDay(iso: $0)
    }

    static func stock(_ random: inout SplitMix64) -> Stock {
        Stock(
            id: Stock.unsavedID, accountId: random.chance(1, in: 5) ? nil : Int64(random.int(in: 5...8)),
            purchaseDate: random.element(of: dates) ?? "2023-01-28", name: random.element(of: names) ?? "x",
            symbol: random.element(of: symbols) ?? nil, shares: random.chance(1, in: 4) ? nil : random.element(of: prices),
            purchasePrice: random.element(of: prices) ?? 0, notes: random.chance(1, in: 3) ? "n" : nil,
            currentPrice: random.element(of: prices) ?? 0, value: random.element(of: prices),
            commission: random.chance(1, in: 2) ? nil : .real(19.8)
        )
    }

    static func price(_ random: inout SplitMix64) -> StockHistory {
        StockHistory(
            id: StockHistory.unsavedID, symbol: (random.element(of: symbols) ?? nil) ?? "SAP.DE",
            date: random.element(of: dates) ?? "2024-02-29", value: random.element(of: prices) ?? 1,
            updateType: random.chance(1, in: 2) ? nil : Int64(random.int(in: 1...2))
        )
    }

    // MARK: Operations

    static func list(_ accountId: Int64?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("stocks.stocks(accountId: \(accountId.map(String.init) ?? "nil"))") {
            try $0.stocks.stocks(accountId: accountId)
        }
    }

    static func get(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("stocks.stock(id: \(id))") { try $0.stocks.stock(id: id) }
    }

    static func history(_ symbol: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("stocks.history(symbol: \(SessionOperation.quoted(symbol)))") {
            try $0.stocks.history(symbol: symbol)
        }
    }

    static func priceOn(_ symbol: String, _ day: CalendarDay) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("stocks.price(symbol: \(SessionOperation.quoted(symbol)), on: \(day))") {
            try $0.stocks.price(symbol: symbol, on: day)
        }
    }

    static func insert(_ stock: Stock) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("stocks.insert(\(SessionOperation.quoted(stock.name)), \(SessionOperation.quoted(stock.symbol)))") {
            try $0.stocks.insert(stock)
        }
    }

    static func update(nth: Int, with template: Stock) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("stocks.update(stock #\(nth) → \(SessionOperation.quoted(template.name)))") { context -> Stock? in
            let all = try context.stocks.stocks(accountId: nil)
            guard !all.isEmpty else { return nil }
            var changed = template
            changed.id = all[nth % all.count].id
            try context.stocks.update(changed)
            return try context.stocks.stock(id: changed.id)
        }
    }

    static func delete(nth: Int) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("stocks.deleteStock(stock #\(nth))") { context -> Bool in
            let all = try context.stocks.stocks(accountId: nil)
            guard !all.isEmpty else { return false }
            return try context.stocks.deleteStock(id: all[nth % all.count].id)
        }
    }

    static func setPrice(_ entry: StockHistory) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write(
            "stocks.setPrice(\(SessionOperation.quoted(entry.symbol)), \(entry.date), \(entry.value))"
        ) { try $0.stocks.setPrice(entry) }
    }

    static func rolledBack(_ stock: Stock) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { stocks.insert; setPrice; deleteStock(first); throw }") { context in
            let stored = try context.stocks.insert(stock)
            try context.stocks.setPrice(StockHistory(id: 0, symbol: stored.symbol ?? "X", date: "2024-01-01", value: 1))
            if let first = try context.stocks.stocks(accountId: nil).first { try context.stocks.deleteStock(id: first.id) }
        }
    }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        var random = SplitMix64(seed: 43)
        let sap = Stock(
            id: 0, accountId: 7, purchaseDate: "2024-02-29", name: "sap se", symbol: "SAP.DE", shares: 3,
            purchasePrice: .real(100.5), currentPrice: 101
        )
        return [
            SliceScenario("read stocks and prices", covers: [.stocks], [
                list(nil), list(7), list(999), get(1), get(999_999), history("SAP.DE"), history("sap.de"),
                priceOn("SAP.DE", days[0]), priceOn("SAP.DE", days[1]), priceOn("SAP.DE", days[3]),
                priceOn("VWRL.AS", days[2]),
            ]),
            SliceScenario("insert, update, set prices (one per symbol and day)", covers: [.stocks], [
                insert(sap), insert(sap), list(7), update(nth: 0, with: stock(&random)),
                setPrice(StockHistory(id: 0, symbol: "SAP.DE", date: "2024-02-29", value: .real(99.5))),
                setPrice(StockHistory(id: 0, symbol: "SAP.DE", date: "2024-02-29", value: 98, updateType: 1)),
                setPrice(StockHistory(id: 0, symbol: "SAP.DE", date: "2024-02-29T00:00:00", value: 97)),
                history("SAP.DE"), priceOn("SAP.DE", days[2]),
            ]),
            SliceScenario("delete keeps history a remaining holder needs", covers: [.stocks], [
                insert(sap), delete(nth: 0), delete(nth: 0), list(nil), history("SAP.DE"), history("VWRL.AS"),
                rolledBack(sap), list(nil),
            ]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        func symbol(_ random: inout SplitMix64) -> String { (random.element(of: symbols) ?? nil) ?? "SAP.DE" }
        return .weighted([
            (3, OperationGenerator { random in list(random.chance(1, in: 2) ? nil : Int64(random.int(in: 5...8))) }),
            (2, OperationGenerator { random in get(Int64(random.int(in: 0...6))) }),
            (2, OperationGenerator { random in history(symbol(&random)) }),
            (3, OperationGenerator { random in priceOn(symbol(&random), random.element(of: days) ?? days[0]) }),
            (4, OperationGenerator { random in insert(stock(&random)) }),
            (3, OperationGenerator { random in update(nth: random.below(20), with: stock(&random)) }),
            (2, OperationGenerator { random in delete(nth: random.below(20)) }),
            (4, OperationGenerator { random in setPrice(price(&random)) }),
            (1, OperationGenerator { random in rolledBack(stock(&random)) }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Stocks and their price history.
    package static let stocks = RepositorySlice("stocks", stage: 4)
}

extension MMEXRepository {
    /// `StockRepository`, vended by both drivers.
    package static let stocks = MMEXRepository(StockRepositoryKey.self)
}
