import Workspace

/// A line difference between the user's drafts and the requests in another version of their
/// collection (the file on disk), as text for the viewer: `-` their lines, `+` mine.
enum DraftDifference {
    static func describe(drafts: [RequestKey: SavedRequest], theirs: RequestCollection?) -> String {
        var out: [String] = []
        for (key, draft) in drafts.sorted(by: { $0.key.requestID < $1.key.requestID }) {
            let other = theirs?.request(id: key.requestID)
            out.append("── \(draft.name) (\(key.requestID))" + (other == nil ? " — deleted on disk" : ""))
            let mine = lines(of: draft)
            let base = other.map(lines(of:)) ?? []
            let difference = mine.difference(from: base)
            var removed = Set<Int>()
            var inserted = Set<Int>()
            for change in difference {
                switch change {
                case .remove(let offset, _, _): removed.insert(offset)
                case .insert(let offset, _, _): inserted.insert(offset)
                }
            }
            var baseIndex = 0
            var mineIndex = 0
            while baseIndex < base.count || mineIndex < mine.count {
                if baseIndex < base.count, removed.contains(baseIndex) {
                    out.append("- " + base[baseIndex])
                    baseIndex += 1
                } else if mineIndex < mine.count, inserted.contains(mineIndex) {
                    out.append("+ " + mine[mineIndex])
                    mineIndex += 1
                } else {
                    baseIndex += 1
                    mineIndex += 1
                }
            }
            out.append("")
        }
        return out.isEmpty ? "No drafts in this collection." : out.joined(separator: "\n")
    }

    private static func lines(of request: SavedRequest) -> [String] {
        RequestCollection(id: "", name: "", requests: [request]).stored["requests"].map {
            $0.prettyPrinted().split(separator: "\n").map(String.init)
        } ?? []
    }
}
