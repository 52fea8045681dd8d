import Workspace

/// `lazer run --shard K/N`: one of N parts of a run, for N CI jobs that together run it all. The
/// split is a pure function of the plan, so every job given the same collections and options
/// computes the same one. Units are never split: each top-level folder of a collection with all it
/// holds, each top-level request on its own — and units joined when a request of one uses a value
/// a request of another captures (the capturing one must run first, in the same job).
package struct RunShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    package var index: Int
    package var count: Int

    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    package var description: String { "\(index)/\(count)" }

    /// The items of this shard, in plan order, with the place of each in the whole plan.
    package func select(_ plan: RunPlan, environment: String?) -> (plan: RunPlan, positions: [Int]) {
        let units = Self.units(of: plan.items, environment: environment)
        let owners = Self.assign(sizes: units.map(\.count), shards: count)
        let positions = zip(units, owners).filter { $0.1 == index - 1 }.flatMap(\.0).sorted()
        return (RunPlan(items: positions.map { plan.items[$0] }), positions)
    }

    /// The units of `items`: lists of item indices (each in plan order, the lists in the order of
    /// their first item) that run in the same shard.
    package static func units(of items: [RunPlan.Item], environment: String?) -> [[Int]] {
        // A unit per top-level folder of each collection file, per top-level request.
        var unitOfKey: [String: Int] = [:]
        var parent: [Int] = []
        var unitOfItem: [Int] = []
        for (index, item) in items.enumerated() {
            let key =
                item.folderPath.first.map { "\(item.document.path)\u{0}folder\u{0}\($0)" }
                ?? "\(item.document.path)\u{0}request\u{0}\(index)"
            if let unit = unitOfKey[key] {
                unitOfItem.append(unit)
            } else {
                unitOfKey[key] = parent.count
                unitOfItem.append(parent.count)
                parent.append(parent.count)
            }
        }
        func root(_ unit: Int) -> Int {
            var unit = unit
            while parent[unit] != unit {
                parent[unit] = parent[parent[unit]]
                unit = parent[unit]
            }
            return unit
        }
        // Joined along captures: the lower unit stays the root, so the order of units is kept.
        for (index, waits) in RunDependencies.compute(items, environment: environment).enumerated() {
            for earlier in waits {
                let (a, b) = (root(unitOfItem[index]), root(unitOfItem[earlier]))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var listOfRoot: [Int: Int] = [:]
        var units: [[Int]] = []
        for index in items.indices {
            let unit = root(unitOfItem[index])
            if let list = listOfRoot[unit] {
                units[list].append(index)
            } else {
                listOfRoot[unit] = units.count
                units.append([index])
            }
        }
        return units
    }

    /// The shard (0-based) of each unit, by size: the largest unit first to the shard with the
    /// fewest requests so far (the lowest-numbered on a tie), so shards come out about as long.
    package static func assign(sizes: [Int], shards: Int) -> [Int] {
        var load = [Int](repeating: 0, count: max(1, shards))
        var owner = [Int](repeating: 0, count: sizes.count)
        let order = sizes.indices.sorted { (sizes[$0], -$0) > (sizes[$1], -$1) }
        for unit in order {
            let shard = load.indices.min { (load[$0], $0) < (load[$1], $1) } ?? 0
            owner[unit] = shard
            load[shard] += sizes[unit]
        }
        return owner
    }
}
