import SQLiteEngine

/// A stock: its id (minted before the stream so share trades can link to it), weekly prices, and the running
/// position the stream builds, written as the STOCK_V1 row once the stream is done.
struct StockEntry {
    let id: Int64
    let name: String
    let symbol: String
    /// The Shares account its trades are booked in, and the Investment account that holds it (indexes).
    let sharesAccount: Int
    let heldAt: Int
    /// Price per share in 10^-4 units of the account currency, one per week from the timeline's first day.
    let weeklyPrices: [Int64]
    /// Shares held, in 10^-4 shares (fractional shares are common).
    var shares: Int64 = 0
    /// What the shares held cost, in the currency's smallest unit.
    var cost: Int64 = 0
    var commission: Int64 = 0
    var firstPurchase: CivilDate?

    func price(on day: CivilDate, from first: CivilDate) -> Int64 {
        weeklyPrices[min(max((day.dayNumber - first.dayNumber) / 7, 0), weeklyPrices.count - 1)]
    }
}

/// An asset and the Asset account its purchases go to.
struct AssetEntry {
    let id: Int64
}

private struct StockSpec {
    let name: String
    let symbol: String
    let heldAt: String
    let startPrice: Int64
    let weeklyMove: Int
}

private let stockSpecs: [StockSpec] = [
    StockSpec(name: "SAP SE", symbol: "SAP.DE", heldAt: "Depot", startPrice: 950_000, weeklyMove: 250),
    StockSpec(name: "Vanguard FTSE All-World", symbol: "VWRL.AS", heldAt: "Depot", startPrice: 851_200, weeklyMove: 150),
    StockSpec(name: "ACME Corp", symbol: "ACME", heldAt: "Brokerage US", startPrice: 421_900, weeklyMove: 400),
    StockSpec(name: "Apple Inc.", symbol: "AAPL", heldAt: "Brokerage US", startPrice: 1_300_000, weeklyMove: 300),
]

private struct AssetSpec {
    let name: String
    let type: String
    let currency: String
    let value: Int64
    let change: String
    let mode: String
    /// Percent per year, two decimals.
    let rate: Int64
    var open = true
    var notes: String?
}

/// One asset of every MMEX asset type, including a closed one and one worth 0.10.
private let assetSpecs: [AssetSpec] = [
    AssetSpec(name: "Wohnung Berlin", type: "Property", currency: "EUR", value: 35_000_000, change: "Appreciates",
              mode: "Percentage", rate: 250, notes: "Kaufvertrag 2019"),
    AssetSpec(name: "VW Golf", type: "Automobile", currency: "EUR", value: 2_850_000, change: "Depreciates",
              mode: "Percentage", rate: 1500),
    AssetSpec(name: "Sofa", type: "Household Object", currency: "EUR", value: 120_000, change: "Depreciates",
              mode: "Linear", rate: 1000),
    AssetSpec(name: "Gemälde \"Sonnenuntergang\"", type: "Art", currency: "EUR", value: 450_000, change: "None",
              mode: "Percentage", rate: 0),
    AssetSpec(name: "Omas Ring", type: "Jewellery", currency: "EUR", value: 80_000, change: "Appreciates",
              mode: "Percentage", rate: 100, open: false),
    AssetSpec(name: "Notgroschen", type: "Cash", currency: "USD", value: 50_000, change: "None", mode: "Linear", rate: 0),
    AssetSpec(name: "Sonstiges", type: "Other", currency: "EUR", value: 10, change: "None", mode: "Linear", rate: 0),
]

extension FixtureWorld {
    /// Assets, the stocks' ids and their weekly price history (STOCK_V1 rows come after the stream).
    func writeInvestments() throws {
        var random = random(.investments)
        for (index, spec) in assetSpecs.enumerated() {
            let start = timeline.day(permille: index * 90)
            let id = mintId(.asset, origin: index % 3 == 2 ? .mobile : .desktop, day: start, random: &random)
            try sink.insert(.asset, [
                .int(id), .text(start.iso), .text(spec.name), .text(spec.open ? "Open" : "Closed"),
                .int(currencies[currencyIndex(spec.currency)].id), .text(spec.mode),
                FixedPoint(units: spec.value, digits: 2).sqlValue, .text(spec.change), .optionalText(spec.notes),
                FixedPoint(units: spec.rate, digits: 2).sqlValue, .text(spec.type),
            ])
            assets.append(AssetEntry(id: id))
        }
        let weeks = (timeline.dayCount + 6) / 7
        // Prices are quoted on Fridays.
        let firstFriday = timeline.firstDay.adding(days: (5 - timeline.firstDay.weekday + 7) % 7)
        for spec in stockSpecs {
            var prices: [Int64] = []
            prices.reserveCapacity(weeks)
            var price = spec.startPrice
            for _ in 0..<weeks {
                prices.append(price)
                let pull = price < spec.startPrice ? spec.weeklyMove / 6 : -spec.weeklyMove / 8
                price = max(100, price + price / 10_000 * Int64(random.int(in: -spec.weeklyMove...spec.weeklyMove) + pull))
            }
            let id = mintId(.stock, origin: .desktop, day: timeline.firstDay, random: &random)
            stocks.append(StockEntry(
                id: id, name: spec.name, symbol: spec.symbol, sharesAccount: accountIndex(named: spec.name),
                heldAt: accountIndex(named: spec.heldAt), weeklyPrices: prices
            ))
            for (week, price) in prices.enumerated() where random.below(40) != 0 {
                try sink.insert(.stockHistory, [
                    .int(ids.small(.stockHistory)), .text(spec.symbol), .text(firstFriday.adding(days: week * 7).iso),
                    FixedPoint(units: price, digits: 4).sqlValue, .int(random.below(10) == 0 ? 2 : 1),
                ])
            }
        }
    }

    /// The STOCK_V1 rows, with the positions the share trades built.
    func writeStocks() throws {
        for stock in stocks {
            let digits = currencies[accounts[stock.sharesAccount].currency].digits
            let current = stock.weeklyPrices[stock.weeklyPrices.count - 1]
            // Average purchase price per share in 10^-4 units: cost (smallest unit) / shares (10^-4 shares).
            let averagePrice = stock.shares > 0
                ? (FixedPoint.multiplyDivide(stock.cost, 100_000_000 / FixedPoint.scale(digits), stock.shares) ?? 0) : 0
            let value = FixedPoint.multiplyDivide(stock.shares, current, 100_000_000 / FixedPoint.scale(digits)) ?? 0
            try sink.insert(.stock, [
                .int(stock.id), .int(accounts[stock.heldAt].id), .text((stock.firstPurchase ?? timeline.firstDay).iso),
                .text(stock.name), .text(stock.symbol), FixedPoint(units: stock.shares, digits: 4).sqlValue,
                FixedPoint(units: averagePrice, digits: 4).sqlValue, .text(""), FixedPoint(units: current, digits: 4).sqlValue,
                FixedPoint(units: value, digits: digits).sqlValue, FixedPoint(units: stock.commission, digits: digits).sqlValue,
            ])
        }
    }
}
