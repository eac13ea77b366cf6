import MMEXModel
import MMEXSession
import PersistenceSession

/// An MMEX session with one planted bug in one repository (tags): `tags()` leaves out the last tag, and `insert`
/// stores the name with a `!` appended. Everything else is the base session's.
final class PlantedBugSession<Base: MMEXSession>: MMEXSession {
    let base: Base

    init(_ base: Base) { self.base = base }

    static var driver: DriverKind { Base.driver }

    static func create(at path: String, key: DatabaseKey?, configuration: SessionConfiguration) throws -> PlantedBugSession {
        PlantedBugSession(try Base.create(at: path, key: key, configuration: configuration))
    }

    static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> PlantedBugSession {
        PlantedBugSession(try Base.open(at: path, key: key, access: access, configuration: configuration))
    }

    static func openInMemorySample(configuration: SessionConfiguration) throws -> PlantedBugSession {
        PlantedBugSession(try Base.openInMemorySample(configuration: configuration))
    }

    var location: SessionLocation { base.location }
    var access: SessionAccess { base.access }
    var isClosed: Bool { base.isClosed }

    func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T {
        try base.read { try work(BuggedRead(base: $0)) }
    }

    func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T {
        try base.write { try work(BuggedWrite(base: $0)) }
    }

    func close() throws { try base.close() }
}

private struct BuggedRead: MMEXReadContext {
    let base: any MMEXReadContext
    var infoTable: any InfoTableReading { base.infoTable }
    var settings: any SettingsReading { base.settings }
    var currencies: any CurrencyReading { base.currencies }
    var accounts: any AccountReading { base.accounts }
    var payees: any PayeeReading { base.payees }
    var categories: any CategoryReading { base.categories }
    var tags: any TagReading { BuggedTags(base: base.tags) }
    var transactions: any TransactionReading { base.transactions }
    var scheduled: any ScheduledReading { base.scheduled }
    var budgets: any BudgetReading { base.budgets }
    var assets: any AssetReading { base.assets }
    var stocks: any StockReading { base.stocks }
    var reports: any ReportReading { base.reports }
    var duplicates: any DuplicateReading { base.duplicates }
}

private struct BuggedWrite: MMEXWriteContext {
    let base: any MMEXWriteContext
    var infoTable: any InfoTableRepository { base.infoTable }
    var settings: any SettingsRepository { base.settings }
    var currencies: any CurrencyRepository { base.currencies }
    var accounts: any AccountRepository { base.accounts }
    var payees: any PayeeRepository { base.payees }
    var categories: any CategoryRepository { base.categories }
    var tags: any TagRepository { BuggedTagWriter(base: base.tags) }
    var transactions: any TransactionRepository { base.transactions }
    var scheduled: any ScheduledRepository { base.scheduled }
    var budgets: any BudgetRepository { base.budgets }
    var assets: any AssetRepository { base.assets }
    var stocks: any StockRepository { base.stocks }
    var reports: any ReportRepository { base.reports }
    var importer: any ImportRepository { base.importer }
    var duplicates: any DuplicateRepository { base.duplicates }
}

private struct BuggedTags: TagReading {
    let base: any TagReading
    func tags() throws -> [Tag] { Array(try base.tags().dropLast()) }
    func tag(named name: String) throws -> Tag? { try base.tag(named: name) }
    func tags(refType: String, refId: Int64) throws -> [Tag] { try base.tags(refType: refType, refId: refId) }
}

private struct BuggedTagWriter: TagRepository {
    let base: any TagRepository
    func tags() throws -> [Tag] { Array(try base.tags().dropLast()) }
    func tag(named name: String) throws -> Tag? { try base.tag(named: name) }
    func tags(refType: String, refId: Int64) throws -> [Tag] { try base.tags(refType: refType, refId: refId) }
    func insert(_ tag: Tag) throws -> Tag {
        var planted = tag
        planted.name += "!"
        return try base.insert(planted)
    }
    func update(_ tag: Tag) throws { try base.update(tag) }
    func deleteTag(id: Int64) throws -> Bool { try base.deleteTag(id: id) }
    func link(tagId: Int64, refType: String, refId: Int64) throws -> TagLink {
        try base.link(tagId: tagId, refType: refType, refId: refId)
    }
    func unlink(tagId: Int64, refType: String, refId: Int64) throws -> Bool {
        try base.unlink(tagId: tagId, refType: refType, refId: refId)
    }
}
