<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AggregateItem</name>
    <message numerus="yes">
        <location filename="../ui/scene/aggregateitem.cpp" line="+177"/>
        <location line="+64"/>
        <source>%n topic(s) ›</source>
        <extracomment>The end of a broker&apos;s card in the large cluster view: how many topics it holds; clicking opens them.</extracomment>
        <translation>
            <numerusform>%n topic ›</numerusform>
            <numerusform>%n topics ›</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <location line="+61"/>
        <source>all %n healthy</source>
        <translation>
            <numerusform>all %n healthy</numerusform>
            <numerusform>all %n healthy</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-26"/>
        <source>%n partition(s) here</source>
        <translation>
            <numerusform>%n partition here</numerusform>
            <numerusform>%n partitions here</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AggregateLayout</name>
    <message numerus="yes">
        <location filename="../ui/scene/aggregatelayout.cpp" line="+35"/>
        <source>%n broker(s)</source>
        <translation>
            <numerusform>%n broker</numerusform>
            <numerusform>%n brokers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n topic(s)</source>
        <translation>
            <numerusform>%n topic</numerusform>
            <numerusform>%n topics</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n partition(s)</source>
        <translation>
            <numerusform>%n partition</numerusform>
            <numerusform>%n partitions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClusterLayout</name>
    <message numerus="yes">
        <location filename="../ui/scene/clusterlayout.cpp" line="+200"/>
        <source>Kafka %1 cluster: %n broker(s)</source>
        <extracomment>The cluster view&apos;s heading: the Kafka version (%1, &quot;4.2&quot;) and the number of brokers.</extracomment>
        <translation>
            <numerusform>Kafka %1 cluster: %n broker</numerusform>
            <numerusform>Kafka %1 cluster: %n brokers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n topic(s)</source>
        <translation>
            <numerusform>%n topic</numerusform>
            <numerusform>%n topics</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n partition(s)</source>
        <translation>
            <numerusform>%n partition</numerusform>
            <numerusform>%n partitions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConsumerItem</name>
    <message numerus="yes">
        <location filename="../ui/scene/consumeritem.cpp" line="+121"/>
        <source>(and %n more line(s))</source>
        <translation>
            <numerusform>(and %n more line)</numerusform>
            <numerusform>(and %n more lines)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>(%n more line(s) in the inspector)</source>
        <translation>
            <numerusform>(%n more line in the inspector)</numerusform>
            <numerusform>(%n more lines in the inspector)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LiveClientsItem</name>
    <message numerus="yes">
        <location filename="../ui/scene/liveclientsitem.cpp" line="+113"/>
        <source>LIVE · %n more client(s) in other groups and topics</source>
        <extracomment>The real clients that the lines above do not show, in other groups or topics.</extracomment>
        <translation>
            <numerusform>LIVE · %n more client in other groups and topics</numerusform>
            <numerusform>LIVE · %n more clients in other groups and topics</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+81"/>
        <source>LIVE: %n real client(s)</source>
        <translation>
            <numerusform>LIVE: %n real client</numerusform>
            <numerusform>LIVE: %n real clients</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Narration</name>
    <message numerus="yes">
        <location filename="../core/scenario/narration.cpp" line="+161"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+95"/>
        <source>(%n more partition(s).)</source>
        <translation>
            <numerusform>(%n more partition.)</numerusform>
            <numerusform>(%n more partitions.)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The LEO moved in %n partition(s).</source>
        <translation>
            <numerusform>The LEO moved in %n partition.</numerusform>
            <numerusform>The LEO moved in %n partitions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The HW moved in %n partition(s).</source>
        <translation>
            <numerusform>The HW moved in %n partition.</numerusform>
            <numerusform>The HW moved in %n partitions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The ISR changed in %n partition(s).</source>
        <translation>
            <numerusform>The ISR changed in %n partition.</numerusform>
            <numerusform>The ISR changed in %n partitions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The leader changed in %n partition(s).</source>
        <translation>
            <numerusform>The leader changed in %n partition.</numerusform>
            <numerusform>The leader changed in %n partitions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+0"/>
        <source>The health changed in %n partition(s).</source>
        <translation>
            <numerusform>The health changed in %n partition.</numerusform>
            <numerusform>The health changed in %n partitions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration.cpp" line="-59"/>
        <source>%n waiting acks=all produce(s) answered.</source>
        <translation>
            <numerusform>%n waiting acks=all produce answered.</numerusform>
            <numerusform>%n waiting acks=all produces answered.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+14"/>
        <source>The cluster starts: %n broker(s), every partition led by the first replica in its assignment, every log empty (LEO 0, HW 0).</source>
        <translation>
            <numerusform>The cluster starts: %n broker, every partition led by the first replica in its assignment, every log empty (LEO 0, HW 0).</numerusform>
            <numerusform>The cluster starts: %n brokers, every partition led by the first replica in its assignment, every log empty (LEO 0, HW 0).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_replication.cpp" line="+241"/>
        <source>(%n more partition(s) too.)</source>
        <translation>
            <numerusform>(%n more partition too.)</numerusform>
            <numerusform>(%n more partitions too.)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_cluster.cpp" line="+24"/>
        <source>Followers now fetch on their own, as every Kafka follower does (%n idle follower(s) send a Fetch).</source>
        <translation>
            <numerusform>Followers now fetch on their own, as every Kafka follower does (%n idle follower sends a Fetch).</numerusform>
            <numerusform>Followers now fetch on their own, as every Kafka follower does (%n idle followers send a Fetch).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>A min.insync.replicas change clears every ELR and LastKnownElr: %n partition(s) lose theirs.</source>
        <translation>
            <numerusform>A min.insync.replicas change clears every ELR and LastKnownElr: %n partition loses its.</numerusform>
            <numerusform>A min.insync.replicas change clears every ELR and LastKnownElr: %n partitions lose theirs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+59"/>
        <source>: %n partition(s) change</source>
        <translation>
            <numerusform>: %n partition changes</numerusform>
            <numerusform>: %n partitions change</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>; %n offline partition(s) get a leader.</source>
        <translation>
            <numerusform>; %n offline partition gets a leader.</numerusform>
            <numerusform>; %n offline partitions get a leader.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>The controller&apos;s unclean election scan (every unclean.leader.election.interval.ms) finds %n leaderless partition(s) and elects an out-of-sync replica: %1 is led by broker %2 (records only the old ISR had are lost).</source>
        <translation>
            <numerusform>The controller&apos;s unclean election scan (every unclean.leader.election.interval.ms) finds %n leaderless partition and elects an out-of-sync replica: %1 is led by broker %2 (records only the old ISR had are lost).</numerusform>
            <numerusform>The controller&apos;s unclean election scan (every unclean.leader.election.interval.ms) finds %n leaderless partitions and elects an out-of-sync replica: %1 is led by broker %2 (records only the old ISR had are lost).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%1&apos;s retention check (every log.retention.check.interval.ms) deletes %n old segment(s) because %2: %3 now starts at offset %4.</source>
        <translation>
            <numerusform>%1&apos;s retention check (every log.retention.check.interval.ms) deletes %n old segment because %2: %3 now starts at offset %4.</numerusform>
            <numerusform>%1&apos;s retention check (every log.retention.check.interval.ms) deletes %n old segments because %2: %3 now starts at offset %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The controller&apos;s automatic leader rebalance (auto.leader.rebalance.enable, every leader.imbalance.check.interval.seconds) moves leadership of %n partition(s) back to the preferred replica: %1 is led by broker %2 again instead of broker %3 (leader epoch %4).</source>
        <translation>
            <numerusform>The controller&apos;s automatic leader rebalance (auto.leader.rebalance.enable, every leader.imbalance.check.interval.seconds) moves leadership of %n partition back to the preferred replica: %1 is led by broker %2 again instead of broker %3 (leader epoch %4).</numerusform>
            <numerusform>The controller&apos;s automatic leader rebalance (auto.leader.rebalance.enable, every leader.imbalance.check.interval.seconds) moves leadership of %n partitions back to the preferred replica: %1 is led by broker %2 again instead of broker %3 (leader epoch %4).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>A client asked broker %1 for metadata of a topic it does not know: with auto.create.topics.enable the controller creates %2 with %n partition(s) (num.partitions) and replication factor %3; each first replica in the ISR leads.</source>
        <translation>
            <numerusform>A client asked broker %1 for metadata of a topic it does not know: with auto.create.topics.enable the controller creates %2 with %n partition (num.partitions) and replication factor %3; each first replica in the ISR leads.</numerusform>
            <numerusform>A client asked broker %1 for metadata of a topic it does not know: with auto.create.topics.enable the controller creates %2 with %n partitions (num.partitions) and replication factor %3; each first replica in the ISR leads.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>The controller creates topic %1 with %n partition(s) and replication factor %2; each partition&apos;s first replica in the ISR leads, at leader epoch 0.</source>
        <translation>
            <numerusform>The controller creates topic %1 with %n partition and replication factor %2; each partition&apos;s first replica in the ISR leads, at leader epoch 0.</numerusform>
            <numerusform>The controller creates topic %1 with %n partitions and replication factor %2; each partition&apos;s first replica in the ISR leads, at leader epoch 0.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>(%n more topic(s) in the same request.)</source>
        <translation>
            <numerusform>(%n more topic in the same request.)</numerusform>
            <numerusform>(%n more topics in the same request.)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n other topic(s) refused</source>
        <translation>
            <numerusform>%n other topic refused</numerusform>
            <numerusform>%n other topics refused</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/scenario/narration_clients.cpp" line="+92"/>
        <source>%1 commits its positions for %n partition(s): the next offset to read in each.</source>
        <translation>
            <numerusform>%1 commits its positions for %n partition: the next offset to read in each.</numerusform>
            <numerusform>%1 commits its positions for %n partitions: the next offset to read in each.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>: it stores %n committed offset(s).</source>
        <translation>
            <numerusform>: it stores %n committed offset.</numerusform>
            <numerusform>: it stores %n committed offsets.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>, and it is the group&apos;s leader: it runs the assignor for all %n member(s) and sends the result in its SyncGroup</source>
        <translation>
            <numerusform>, and it is the group&apos;s leader: it runs the assignor for all %n member and sends the result in its SyncGroup</numerusform>
            <numerusform>, and it is the group&apos;s leader: it runs the assignor for all %n members and sends the result in its SyncGroup</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>: %n committed position(s) found</source>
        <translation>
            <numerusform>: %n committed position found</numerusform>
            <numerusform>: %n committed positions found</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>The join phase of %1 ends on coordinator %2&apos;s timer: generation %3 with %n member(s).</source>
        <translation>
            <numerusform>The join phase of %1 ends on coordinator %2&apos;s timer: generation %3 with %n member.</numerusform>
            <numerusform>The join phase of %1 ends on coordinator %2&apos;s timer: generation %3 with %n members.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>(and %n more partition(s)).</source>
        <translation>
            <numerusform>(and %n more partition).</numerusform>
            <numerusform>(and %n more partitions).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-116"/>
        <location filename="../core/scenario/narration_replication.cpp" line="+78"/>
        <source>(and %n more change(s)).</source>
        <translation>
            <numerusform>(and %n more change).</numerusform>
            <numerusform>(and %n more changes).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartitionLayout</name>
    <message numerus="yes">
        <location filename="../ui/scene/partitionlayout.cpp" line="+116"/>
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>and %n more (see the inspector)</source>
        <translation>
            <numerusform>and %n more (see the inspector)</numerusform>
            <numerusform>and %n more (see the inspector)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UserAction</name>
    <message numerus="yes">
        <location filename="../ui/control/useraction.cpp" line="+291"/>
        <source>Run %n event(s)</source>
        <translation>
            <numerusform>Run %n event</numerusform>
            <numerusform>Run %n events</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::CompareWindow</name>
    <message numerus="yes">
        <location filename="../ui/shell/comparewindow.cpp" line="+636"/>
        <source>%n difference(s), %1 vs %2</source>
        <translation>
            <numerusform>%n difference, %1 vs %2</numerusform>
            <numerusform>%n differences, %1 vs %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::ExportAnimationDialog</name>
    <message numerus="yes">
        <location filename="../ui/export/exportdialog.cpp" line="+456"/>
        <source>%n frame(s) in one GIF. Checkpoints and the last frame stay at least %1 s.</source>
        <translation>
            <numerusform>%n frame in one GIF. Checkpoints and the last frame stay at least %1 s.</numerusform>
            <numerusform>%n frames in one GIF. Checkpoints and the last frame stay at least %1 s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n PNG image(s) named frame-NNNNNN.png after their frame numbers.</source>
        <translation>
            <numerusform>%n PNG image named frame-NNNNNN.png after their frame numbers.</numerusform>
            <numerusform>%n PNG images named frame-NNNNNN.png after their frame numbers.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>Exporting %n frame(s)...</source>
        <translation>
            <numerusform>Exporting %n frame...</numerusform>
            <numerusform>Exporting %n frames...</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::FrameScene</name>
    <message numerus="yes">
        <location filename="../ui/scene/framescene.cpp" line="+632"/>
        <source>LIVE · %n request(s)</source>
        <extracomment>The live lab&apos;s many clients: the requests they have in flight to one broker, drawn as one bundle.</extracomment>
        <translation>
            <numerusform>LIVE · %n request</numerusform>
            <numerusform>LIVE · %n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>LIVE · %n answer(s)</source>
        <extracomment>The answers in flight from one broker to the live lab&apos;s many clients.</extracomment>
        <translation>
            <numerusform>LIVE · %n answer</numerusform>
            <numerusform>LIVE · %n answers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>… and %n more</source>
        <extracomment>The end of the list of a bundle&apos;s messages in its tooltip.</extracomment>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::InspectorPanel</name>
    <message numerus="yes">
        <location filename="../ui/panels/inspectorpanel.cpp" line="+294"/>
        <source>epoch %1, %n batch(es)</source>
        <extracomment>A producer table entry: its epoch and how many of its last batches it keeps (at most 5).</extracomment>
        <translation>
            <numerusform>epoch %1, %n batch</numerusform>
            <numerusform>epoch %1, %n batches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::LiveLabDialog</name>
    <message numerus="yes">
        <location filename="../ui/shell/livelabdialog.cpp" line="+372"/>
        <source>Connected clients (%n)</source>
        <translation>
            <numerusform>Connected clients (%n)</numerusform>
            <numerusform>Connected clients (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::MainWindow</name>
    <message numerus="yes">
        <location filename="../ui/shell/mainwindowsession.cpp" line="+59"/>
        <source>Opened the recording %1: %n frame(s).</source>
        <translation>
            <numerusform>Opened the recording %1: %n frame.</numerusform>
            <numerusform>Opened the recording %1: %n frames.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+84"/>
        <source>HighWater did not close properly. It kept a session with unsaved actions: “%1”, %n frame(s), kept %2.</source>
        <translation>
            <numerusform>HighWater did not close properly. It kept a session with unsaved actions: “%1”, %n frame, kept %2.</numerusform>
            <numerusform>HighWater did not close properly. It kept a session with unsaved actions: “%1”, %n frames, kept %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/shell/mainwindow.cpp" line="+653"/>
        <source>⚠ This recording stops after %n frame(s): a line cannot be read.</source>
        <extracomment>%n: how many frames an observe recording&apos;s polls made before a line that cannot be read.</extracomment>
        <translation>
            <numerusform>⚠ This recording stops after %n frame: a line cannot be read.</numerusform>
            <numerusform>⚠ This recording stops after %n frames: a line cannot be read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>⚠ This scenario is not valid: its steps stop after %n frame(s).</source>
        <extracomment>%n: how many frames the scenario&apos;s steps made before the error (shown on the next line).</extracomment>
        <translation>
            <numerusform>⚠ This scenario is not valid: its steps stop after %n frame.</numerusform>
            <numerusform>⚠ This scenario is not valid: its steps stop after %n frames.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::RealCompareDialog</name>
    <message numerus="yes">
        <location filename="../ui/shell/realcomparedialog.cpp" line="+174"/>
        <source>HighWater runs this scenario in its simulation and on a real Apache Kafka cluster started on this computer (a controller and %n broker(s), each a Java process), then shows both at each checkpoint with what agrees and what differs. A real run takes minutes.</source>
        <translation>
            <numerusform>HighWater runs this scenario in its simulation and on a real Apache Kafka cluster started on this computer (a controller and %n broker, each a Java process), then shows both at each checkpoint with what agrees and what differs. A real run takes minutes.</numerusform>
            <numerusform>HighWater runs this scenario in its simulation and on a real Apache Kafka cluster started on this computer (a controller and %n brokers, each a Java process), then shows both at each checkpoint with what agrees and what differs. A real run takes minutes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+105"/>
        <source>Starting Kafka: a controller and %n broker(s)...</source>
        <translation>
            <numerusform>Starting Kafka: a controller and %n broker...</numerusform>
            <numerusform>Starting Kafka: a controller and %n brokers...</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hw::ui::TimelineBar</name>
    <message numerus="yes">
        <location filename="../ui/panels/timelinebar.cpp" line="+524"/>
        <location line="+16"/>
        <source>and %n more</source>
        <comment>timeline tooltip: lines left out</comment>
        <translation>
            <numerusform>and 1 more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
</TS>
