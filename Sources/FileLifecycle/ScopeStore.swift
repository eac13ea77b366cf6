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

    public init(url: URL) {
        self.url = url
    }

    private struct Stored: Codable {
        var userID: String?
    }

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
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the account scope from \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write the account scope to \(path): \(reason)"
        }
    }
}
