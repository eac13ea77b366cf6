import Foundation

/// The folder an app's data lives under on *this* launch, and the paths it stores relative to it.
///
/// An app update can move the whole container: reinstalling renamed `Data/Application/4DE73F62…` to
/// `Data/Application/2C5B5925…` (seed 002), and a build that had persisted absolute paths compared them byte for
/// byte and broke. So the root is re-derived on every launch (through `FileManager`, never read back from storage),
/// what is stored is a path relative to it (``storedForm(of:)``), and an absolute path that an older build stored is
/// rebased onto today's root when it is read (``resolve(_:)``). To tell whether two paths are the same file, compare
/// ``FileIdentity`` values, which survive the move.
public struct DataRoot: Sendable, Equatable {
    /// Today's root folder.
    public let url: URL

    /// The root as derived on this launch (for example Application Support plus the app's folder name).
    public init(_ url: URL) {
        self.url = url.standardizedFileURL
    }

    /// The root folder's name, the marker that finds the root inside an old absolute path.
    public var folderName: String { url.lastPathComponent }

    /// What to store for `file`: its path relative to the root (`"Attachments/a.jpg"`, `""` for the root itself),
    /// or `nil` when it is not inside the root (such a file has no stable stored form and should not be persisted
    /// by path).
    public func storedForm(of file: URL) -> String? {
        let rootComponents = Self.components(of: url.path)
        let fileComponents = Self.components(of: file.standardizedFileURL.path)
        guard fileComponents.count >= rootComponents.count,
              Array(fileComponents.prefix(rootComponents.count)) == rootComponents
        else { return nil }
        return fileComponents.dropFirst(rootComponents.count).joined(separator: "/")
    }

    /// Where a stored path points on this launch.
    ///
    /// - A relative path is taken under today's root; one that would climb out of it with `..` resolves to `nil`.
    /// - An absolute path inside today's root is used as it is.
    /// - An absolute path written by an older build is rebased: the part after the *first* component named like
    ///   the root folder is taken under today's root. The first occurrence is the root; a folder below it may carry
    ///   the same name, and it stays part of the relative path.
    /// - An absolute path without the root folder's name is outside the root and returned unchanged.
    public func resolve(_ stored: String) -> URL? {
        guard stored.hasPrefix("/") else { return child(Self.components(of: stored)) }
        let components = Self.components(of: stored)
        let rootComponents = Self.components(of: url.path)
        if components.count >= rootComponents.count, Array(components.prefix(rootComponents.count)) == rootComponents {
            return child(Array(components.dropFirst(rootComponents.count)))
        }
        guard let marker = components.firstIndex(of: folderName) else {
            return URL(fileURLWithPath: stored).standardizedFileURL
        }
        return child(Array(components[(marker + 1)...]))
    }

    /// Whether a stored value is an absolute path that should be rewritten in its relative form.
    public func needsRewrite(_ stored: String) -> Bool {
        stored.hasPrefix("/")
    }

    /// The root plus relative components, refusing any that climb above the root.
    private func child(_ relative: [String]) -> URL? {
        var kept: [String] = []
        for component in relative {
            switch component {
            case ".": continue
            case "..":
                guard !kept.isEmpty else { return nil }
                kept.removeLast()
            default: kept.append(component)
            }
        }
        return kept.reduce(url) { $0.appendingPathComponent($1) }
    }

    /// A path's components without empty ones (`/a//b/` is `["a", "b"]`).
    private static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
