// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "sim/network.h"

/// What every component of the engine holds (its header brings the state, the messages, the inputs
/// and events, and the network with it): the cluster state, whose own part it changes, and the
/// network it sends through. Components keep nothing else, so an Engine is copied by copying its
/// ClusterState (engine/engine.h).
namespace hw {

class Component {
public:
    Component(ClusterState& state, Network& net) : m_state(state), m_net(net) {}

protected:
    ClusterState& m_state;
    Network& m_net;
};

} // namespace hw
