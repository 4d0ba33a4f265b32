// SPDX-License-Identifier: MIT
// The client half's group APIs: what the observer reads a real cluster's consumer groups with (it joins
// none). ListGroups 4-5. Field order, versions and tags follow <Api>Request.json and <Api>Response.json in
// clients/src/main/resources/common/message/ at 3.7.0, 3.8.0 and 4.4.0.
#include "wire/client_fields.h"

namespace hw::wire::client::detail {

using wire::detail::requireDefault;
using wire::detail::writeCompactArray;
using wire::detail::writeCompactString;

// ---------------------------------------------------------------------------------------------
// ListGroups 4-5

void writeListGroups(Writer& w, const ListGroupsRequest& body, std::int16_t version)
{
    writeCompactStrings(w, body.statesFilter);
    if (version >= 5)
        writeCompactStrings(w, body.typesFilter);
    else
        requireDefault(body.typesFilter, std::vector<std::string> {}, "typesFilter", ApiKey::ListGroups, version);
    w.emptyTaggedFields();
}

ListGroupsResponse readListGroups(FieldReader& in, std::int16_t version)
{
    ListGroupsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.errorCode = in.error("ErrorCode");
    // A group is at least an empty GroupId, ProtocolType and GroupState (and GroupType from 5) and its tagged
    // fields.
    out.groups = in.array<ListedGroup>("Groups", version >= 5 ? 5 : 4, limits::groupsPerMessageMax,
        "limits::groupsPerMessageMax", [version](FieldReader& group) {
            ListedGroup g;
            g.groupId = group.string("GroupId");
            g.protocolType = group.string("ProtocolType");
            g.groupState = group.string("GroupState");
            if (version >= 5)
                g.groupType = group.string("GroupType");
            group.noTaggedFields();
            return g;
        });
    in.noTaggedFields();
    return out;
}

} // namespace hw::wire::client::detail
