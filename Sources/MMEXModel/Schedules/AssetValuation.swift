import Foundation

/// The value of an asset (`ASSETS_V1`) on a day, from its own row: the rule both drivers' asset repositories apply.
///
/// - Before `STARTDATE` (or when `VALUE` is NULL or `STARTDATE` does not parse): no value (`nil`).
/// - `VALUECHANGE` `Appreciates` / `Depreciates` with `VALUECHANGEMODE` `Percentage` (or NULL, MMEX's default):
///   compounded daily at `VALUECHANGERATE / 36500` per day over the days since `STARTDATE`, as MMEX desktop does.
/// - With `Linear`: `VALUE × VALUECHANGERATE / 100` per 365 days, pro rata per day.
/// - Any other `VALUECHANGE` (`None`, NULL, unknown text) or a non-numeric rate: `VALUE` as stored.
///
/// A changed value is built from a `Double` (``Amount/init(_:)-(Double)``), so an integral result is stored as an
/// INTEGER, as SQLite would store it. Linked transactions (`TRANSLINK_V1`) are not applied: that belongs to the
/// transactions slice.
public enum AssetValuation {
    public static func value(of asset: Asset, on day: CalendarDay) -> Amount? {
        guard let start = asset.startDate.day, day >= start, let stored = asset.value else { return nil }
        let sign: Double
        switch asset.valueChange {
        case "Appreciates": sign = 1
        case "Depreciates": sign = -1
        default: return stored
        }
        guard let base = stored.doubleValue, let rate = asset.valueChangeRate?.doubleValue else { return stored }
        let days = Double(day.days(since: start))
        switch asset.valueChangeMode {
        case nil, "Percentage":
            return Amount(base * pow(1 + sign * rate / 36_500, days))
        case "Linear":
            return Amount(base + sign * base * rate / 100 * days / 365)
        default:
            return stored
        }
    }
}
