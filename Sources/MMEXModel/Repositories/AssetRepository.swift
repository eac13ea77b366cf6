/// Reads assets (`ASSETS_V1`). Slice 4.
public protocol AssetReading {
    /// Every asset, by `ASSETNAME` (NOCASE) then `ASSETID`.
    func assets() throws -> [Asset]
    func asset(id: Int64) throws -> Asset?
    /// The asset's value on `day` after its appreciation or depreciation rule (``AssetValuation``); `nil` for no
    /// such asset or a day before it starts.
    func value(assetId: Int64, on day: CalendarDay) throws -> Amount?
}

/// Writes assets.
public protocol AssetRepository: AssetReading {
    @discardableResult func insert(_ asset: Asset) throws -> Asset
    func update(_ asset: Asset) throws
    /// Deletes an asset with its translinks (`LINKTYPE` `Asset`) and attachments (`REFTYPE` `Asset`).
    @discardableResult func deleteAsset(id: Int64) throws -> Bool
}
