import LegacyDriver
import MMEXModel

/// `ASSETS_V1` on the legacy driver (query builder on the retained connection).
struct LegacyAssetRepository: AssetRepository {
    let unit: LegacyUnit
    private let assetsTable = LegacyRecordTable<Asset>()

    private var name: SQLExpression<String> { assetsTable.column("ASSETNAME") }

    func assets() throws -> [Asset] {
        try unit.run {
            try unit.db.prepare(assetsTable.selection.order(name.collate(.nocase), assetsTable.id)).map(assetsTable.record)
        }
    }

    func asset(id: Int64) throws -> Asset? {
        try unit.run { try unit.db.pluck(assetsTable.selection.filter(assetsTable.id == id)).map(assetsTable.record) }
    }

    func value(assetId: Int64, on day: CalendarDay) throws -> Amount? {
        try asset(id: assetId).flatMap { AssetValuation.value(of: $0, on: day) }
    }

    func insert(_ asset: Asset) throws -> Asset {
        try unit.run { try assetsTable.insert(asset, unit) }
    }

    func update(_ asset: Asset) throws {
        try unit.run { _ = try assetsTable.update(asset, unit) }
    }

    func deleteAsset(id: Int64) throws -> Bool {
        try unit.run {
            let deleted = try unit.db.run(assetsTable.table.filter(assetsTable.id == id).delete()) > 0
            if deleted { try LegacyDependants.deleteLinksAndAttachments(kind: "Asset", id: id, unit) }
            return deleted
        }
    }
}

/// Vends the repository in legacy units of work (`context.assets`).
extension AssetRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any AssetReading { LegacyAssetRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any AssetRepository { LegacyAssetRepository(unit: unit) }
}
