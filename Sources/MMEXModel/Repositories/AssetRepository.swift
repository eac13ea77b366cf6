/// Reads assets (`ASSETS_V1`). Slice 4.
public protocol AssetReading {
    func assets() throws -> [Asset]
    func asset(id: Int64) throws -> Asset?
    /// The asset's value on `day` after its appreciation or depreciation rule and linked transactions.
    func value(assetId: Int64, on day: CalendarDay) throws -> Amount?
}

/// Writes assets.
public protocol AssetRepository: AssetReading {
    @discardableResult func insert(_ asset: Asset) throws -> Asset
    func update(_ asset: Asset) throws
    /// Deletes an asset with its translinks and attachments.
    @discardableResult func deleteAsset(id: Int64) throws -> Bool
}
