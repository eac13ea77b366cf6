/// Reads `SETTING_V1`, the app's name/value settings: part of the first ported slice.
///
/// Real desktop (1.9.2) and Android files have no `SETTING_V1` (and no `USAGE_V1`): only files created from
/// `tables.sql` the way the iOS app does have them. A settings repository never fails on that by accident:
/// ``isAvailable()`` says whether the table exists, and every other method on a file without it throws the session's
/// `PersistenceError.missingTable` naming `SETTING_V1` (a clear, typed report instead of "no such table"). It never
/// creates the table behind the user's back: that would change the shared schema.
///
/// Names match NOCASE; lists are in `SETTINGID` order. `SETTINGVALUE` is nullable, so a stored NULL is a ``Setting``
/// whose ``Setting/value`` is `nil`, distinct from a missing setting.
public protocol SettingsReading {
    /// Whether the file has a `SETTING_V1` table.
    func isAvailable() throws -> Bool
    /// Every setting, in `SETTINGID` order.
    func settings() throws -> [Setting]
    /// The setting with this name (NOCASE), or `nil`.
    func setting(named name: String) throws -> Setting?
}

/// Reads and writes `SETTING_V1` inside a write unit of work.
public protocol SettingsRepository: SettingsReading {
    /// Stores `value` (NULL for `nil`) under `name` and returns the stored setting. Same rule as
    /// ``InfoTableRepository/setValue(_:for:)``: an existing setting (NOCASE) keeps its id and spelling; a new one
    /// gets a minted id.
    @discardableResult
    func setValue(_ value: String?, named name: String) throws -> Setting

    /// Deletes the setting with this name (NOCASE). Returns whether one existed.
    @discardableResult
    func removeSetting(named name: String) throws -> Bool
}

extension SettingsReading {
    /// The value of a setting: `nil` when it is missing or stored as NULL (use ``setting(named:)`` to tell them apart).
    public func value(named name: String) throws -> String? {
        try setting(named: name)?.value
    }
}

/// Names `SETTING_V1` in the MMEX contexts: `context.settings` reads them in a read unit of work, and reads and writes
/// them in a write unit of work.
public enum SettingsRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any SettingsReading
    public typealias Writing = any SettingsRepository
}

extension ReadRepositories {
    /// The reading side of ``SettingsRepositoryKey``'s repository, in this unit of work.
    public var settings: any SettingsReading { repository(SettingsRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``SettingsRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var settings: any SettingsRepository { repository(SettingsRepositoryKey.self) }
}
