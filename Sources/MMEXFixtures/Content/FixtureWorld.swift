import SQLiteEngine

/// Everything one generator run shares between its parts: the spec, the timeline, the row sink, the id minter and
/// the ids of the reference rows written so far (accounts, payees, categories...), which the transaction stream
/// draws from. Its size depends on the reference data only, never on the number of transactions.
final class FixtureWorld {
    let spec: FixtureSpec
    let timeline: Timeline
    let sink: RowSink
    var ids = IdMinter()

    var currencies: [CurrencyEntry] = []
    var accounts: [AccountEntry] = []
    var categories = CategoryIndex()
    var payees = PayeeIndex()
    var tagIds: [Int64] = []
    var transactionFields: [FieldEntry] = []
    var scheduledFields: [FieldEntry] = []
    var stocks: [StockEntry] = []
    var assets: [AssetEntry] = []
    var scheduledIds: [Int64] = []

    init(spec: FixtureSpec, sink: RowSink) {
        self.spec = spec
        self.timeline = Timeline(transactions: spec.transactions)
        self.sink = sink
    }

    /// The independent random sequence of one part of the content, so changing one part leaves the others as
    /// they were.
    func random(_ stream: RandomStream) -> FixtureRandom {
        FixtureRandom(seed: spec.seed, stream: stream.rawValue)
    }

    /// An id for a row of `table` made by `origin` on `day` at `secondOfDay`.
    func mintId(
        _ table: MMEXTable, origin: Origin, day: CivilDate, secondOfDay: Int = 43_200, random: inout FixtureRandom
    ) -> Int64 {
        ids.next(table, origin: origin, atMilliseconds: day.epochMilliseconds(secondOfDay: secondOfDay), random: &random)
    }
}

/// The random streams, one per part of the content.
enum RandomStream: UInt64 {
    case settings = 1, currencies, categories, accounts, payees, tagsAndFields, investments, budgets, scheduled
    case transactions, attachments
}

/// Shorthands for building rows.
extension SQLiteValue {
    static func int(_ value: Int64) -> SQLiteValue { .integer(value) }
    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
    static func optionalText(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
}
