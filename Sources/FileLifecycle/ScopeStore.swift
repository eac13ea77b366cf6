import Foundation

/// Where the account scope (the user id whose database the app last opened) is kept between launches.
///
/// The logout code and the launch code must read and write this one value: in the incident of seed 000 the logout
/// path kept the scope on a forced logout, but the launch path looked only at the session, opened the unscoped
/// database, and the user's records seemed gone. Keep the store outside the session (an App Group's
/// `UserDefaults`, a file in the container): clearing the session must not clear it.
public protocol ScopeStore: Sendable {
    /// The persisted scope, or `nil` when none is stored.
    /// - Throws: when the stored value cannot be read; a caller must not read that as "no scope".
    func loadScope() throws -> String?
    /// Persists `userID` as the scope, or clears it with `nil`.
    func saveScope(_ userID: String?) throws
}

/// A ``ScopeStore`` in one small JSON file (`{"userID": "..."}`), written atomically.
public struct FileScopeStore: ScopeStore {
    /// The file that holds the scope.
    public let url: URL

    /// A store in the JSON file at `url`; nothing is read or written until ``loadScope()`` or ``saveScope(_:)``.
    ///
    /// - Parameter url: The scope file; its folder must exist before the first save. Keep it outside what a
    ///   logout clears.
    public init(url: URL) {
        self.url = url
    }

    private struct Stored: Codable {
        var userID: String?
    }

    /// Reads the scope from the file.
    ///
    /// - Returns: The stored user id; `nil` when the file does not exist or stores no user id.
    /// - Throws: ``ScopeStoreError/unreadable(path:reason:)`` when the file exists but cannot be read or is not a
    ///   scope file; a caller must not treat that as "no scope".
    public func loadScope() throws -> String? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw ScopeStoreError.unreadable(path: url.path, reason: "\(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(Stored.self, from: data).userID
        } catch {
            throw ScopeStoreError.unreadable(path: url.path, reason: "not a scope file (\(error.localizedDescription))")
        }
    }

    /// Writes the scope to the file atomically (a new file renamed over the old one), so a crash leaves the old
    /// scope or the new one, never half of either.
    ///
    /// - Parameter userID: The user id to persist, or `nil` to store no scope (the file stays, with no user id in it).
    /// - Throws: ``ScopeStoreError/unwritable(path:reason:)`` when the file cannot be written.
    public func saveScope(_ userID: String?) throws {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(Stored(userID: userID)).write(to: url, options: .atomic)
        } catch {
            throw ScopeStoreError.unwritable(path: url.path, reason: error.localizedDescription)
        }
    }
}

/// The scope file could not be read or written.
public enum ScopeStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at `path` exists but could not be read, or does not hold a scope; `reason` says which.
    case unreadable(path: String, reason: String)
    /// The file at `path` could not be written; `reason` is the system's message.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the account scope from \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write the account scope to \(path): \(reason)"
        }
    }
}
