import SQLiteEngine

/// A currency the fixture uses, with its weekly conversion rates to the base currency (EUR).
struct CurrencyEntry {
    let code: String
    let id: Int64
    /// Decimal digits of its smallest unit (2 for cents, 0 for yen, 8 for satoshis).
    let digits: Int
    /// Base-currency value of one whole unit, in 10^-8 EUR, one per week from the timeline's first day.
    let weeklyRates: [Int64]

    func rate(on day: CivilDate, from first: CivilDate) -> Int64 {
        let week = (day.dayNumber - first.dayNumber) / 7
        return weeklyRates[min(max(week, 0), weeklyRates.count - 1)]
    }
}

/// What the fixture knows about each currency it uses.
private struct CurrencySpec {
    let code: String
    /// Its id among the 168 default rows, or `nil` for a currency the user added.
    let defaultId: Int64?
    let digits: Int
    /// Value of one unit in 10^-8 EUR when the timeline starts.
    let startRate: Int64
    /// Largest weekly move, in basis points.
    let weeklyMove: Int
}

private let currencySpecs: [CurrencySpec] = [
    CurrencySpec(code: "EUR", defaultId: 2, digits: 2, startRate: 100_000_000, weeklyMove: 0),
    CurrencySpec(code: "USD", defaultId: 1, digits: 2, startRate: 92_000_000, weeklyMove: 120),
    CurrencySpec(code: "GBP", defaultId: 3, digits: 2, startRate: 116_000_000, weeklyMove: 100),
    CurrencySpec(code: "CHF", defaultId: 134, digits: 2, startRate: 102_000_000, weeklyMove: 80),
    CurrencySpec(code: "JPY", defaultId: 73, digits: 0, startRate: 680_000, weeklyMove: 150),
    CurrencySpec(code: "RUB", defaultId: 4, digits: 2, startRate: 1_050_000, weeklyMove: 300),
    CurrencySpec(code: "BTC", defaultId: 153, digits: 8, startRate: 2_500_000_000_000, weeklyMove: 700),
    CurrencySpec(code: "ETH", defaultId: nil, digits: 9, startRate: 160_000_000_000, weeklyMove: 900),
]

extension FixtureWorld {
    /// The base currency every rate is quoted in (INFOTABLE `BASECURRENCYID`).
    static let baseCurrencyId: Int64 = 2

    /// Index of a currency in ``currencies`` by its code (the catalogue is small and fixed).
    func currencyIndex(_ code: String) -> Int {
        currencies.firstIndex { $0.code == code } ?? 0
    }

    /// Conversion rates as a weekly random walk, the history rows, today's rate on each default currency row, and a
    /// user-added crypto currency.
    func writeCurrencies() throws {
        var random = random(.currencies)
        let weeks = (timeline.dayCount + 6) / 7
        for spec in currencySpecs {
            var rates: [Int64] = []
            rates.reserveCapacity(weeks)
            var rate = spec.startRate
            for _ in 0..<weeks {
                rates.append(rate)
                guard spec.weeklyMove > 0 else { continue }
                let pull = rate < spec.startRate ? spec.weeklyMove / 8 : -spec.weeklyMove / 8
                let move = random.int(in: -spec.weeklyMove...spec.weeklyMove) + pull
                rate = max(spec.startRate / 5, rate + rate / 10_000 * Int64(move))
            }
            let id: Int64
            if let defaultId = spec.defaultId {
                id = defaultId
            } else {
                id = mintId(.currency, origin: .mobile, day: timeline.day(permille: 550), random: &random)
            }
            currencies.append(CurrencyEntry(code: spec.code, id: id, digits: spec.digits, weeklyRates: rates))
        }
        for (index, spec) in currencySpecs.enumerated() {
            let entry = currencies[index]
            let today = FixedPoint(units: entry.weeklyRates[entry.weeklyRates.count - 1], digits: 8).sqlValue
            if spec.defaultId != nil {
                try sink.update("UPDATE CURRENCYFORMATS_V1 SET BASECONVRATE = ? WHERE CURRENCYID = ?", [today, .int(entry.id)])
            } else {
                try sink.insert(.currency, [
                    .int(entry.id), .text("Ether"), .text("Ξ"), .text(""), .text("."), .text(","), .text("ether"),
                    .text("gwei"), .int(FixedPoint.scale(spec.digits)), today, .text(spec.code), .text("Crypto"),
                ])
            }
        }
        try writeCurrencyHistory(random: &random)
    }

    /// One rate a week for every currency but the base one (unique per currency and date, as the schema demands).
    private func writeCurrencyHistory(random: inout FixtureRandom) throws {
        for entry in currencies where entry.id != FixtureWorld.baseCurrencyId {
            for (week, rate) in entry.weeklyRates.enumerated() {
                let day = timeline.firstDay.adding(days: week * 7)
                let kind = random.below(20)
                let updateType: SQLiteValue = kind == 0 ? .null : .int(kind <= 2 ? 2 : 1)
                try sink.insert(.currencyHistory, [
                    .int(ids.small(.currencyHistory)), .int(entry.id), .text(day.iso),
                    FixedPoint(units: rate, digits: 8).sqlValue, updateType,
                ])
            }
        }
    }

    /// `units` of currency `from` in currency `to` at that day's rates, rounded toward zero (at least one unit).
    func convert(_ units: Int64, from: Int, to: Int, on day: CivilDate) -> Int64 {
        if from == to { return units }
        let source = currencies[from]
        let target = currencies[to]
        let baseValue = FixedPoint.multiplyDivide(
            units, source.rate(on: day, from: timeline.firstDay), FixedPoint.scale(source.digits)
        )
        let converted = baseValue.flatMap {
            FixedPoint.multiplyDivide($0, FixedPoint.scale(target.digits), target.rate(on: day, from: timeline.firstDay))
        }
        return max(1, converted ?? units)
    }
}
