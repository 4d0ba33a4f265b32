// SPDX-License-Identifier: MIT
// Prints the golden bytes of the client half of HighWater's Kafka codec (wire/client_protocol.h): each request
// and response it encodes or decodes, serialized by Kafka's own generated message classes (kafka-clients 4.4.0,
// org.apache.kafka.common.message.*Data) at the versions the client half speaks, with fixed field values. The
// C++ tests (tests/wire/test_client_protocol.cpp) compare their encoders with these bytes and decode the
// responses back into the same values. Run by tests/wire/golden/regenerate, which fetches the jars with Maven:
//     java -cp 'DIR/*' GoldenBytes.java > tests/wire/data/client_golden.txt
// A request is the whole frame (the INT32 size, the request header, the body); a response is the frame
// without its size (the response header and the body), as the decoder is given it.
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.ConsumerGroupDescribeRequestData;
import org.apache.kafka.common.message.ConsumerGroupDescribeResponseData;
import org.apache.kafka.common.message.CreateTopicsRequestData;
import org.apache.kafka.common.message.CreateTopicsResponseData;
import org.apache.kafka.common.message.DescribeClusterRequestData;
import org.apache.kafka.common.message.DescribeClusterResponseData;
import org.apache.kafka.common.message.DescribeConfigsRequestData;
import org.apache.kafka.common.message.DescribeConfigsResponseData;
import org.apache.kafka.common.message.DescribeGroupsRequestData;
import org.apache.kafka.common.message.DescribeGroupsResponseData;
import org.apache.kafka.common.message.DescribeTopicPartitionsRequestData;
import org.apache.kafka.common.message.DescribeTopicPartitionsResponseData;
import org.apache.kafka.common.message.ElectLeadersRequestData;
import org.apache.kafka.common.message.ElectLeadersResponseData;
import org.apache.kafka.common.message.FetchRequestData;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.message.IncrementalAlterConfigsRequestData;
import org.apache.kafka.common.message.IncrementalAlterConfigsResponseData;
import org.apache.kafka.common.message.ListGroupsRequestData;
import org.apache.kafka.common.message.ListGroupsResponseData;
import org.apache.kafka.common.message.ListOffsetsRequestData;
import org.apache.kafka.common.message.ListOffsetsResponseData;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.OffsetFetchRequestData;
import org.apache.kafka.common.message.OffsetFetchResponseData;
import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.message.SaslAuthenticateRequestData;
import org.apache.kafka.common.message.SaslAuthenticateResponseData;
import org.apache.kafka.common.message.SaslHandshakeRequestData;
import org.apache.kafka.common.message.SaslHandshakeResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public class GoldenBytes {
    // The same in every frame: the C++ tests build their headers from these.
    static final int CORRELATION_ID = 42;
    static final String CLIENT_ID = "highwater";
    static final Uuid ORDERS_ID = new Uuid(0x0123456789abcdefL, 0x0fedcba987654321L);
    static final int NO_AUTHORIZED_OPERATIONS = Integer.MIN_VALUE;

    static String hex(ByteBuffer buffer) {
        StringBuilder out = new StringBuilder();
        for (byte b : buffer.array())
            out.append(String.format("%02x", b & 0xff));
        return out.toString();
    }

    static void request(String name, ApiKeys key, int version, Message body) {
        short v = (short) version;
        short headerVersion = key.requestHeaderVersion(v);
        RequestHeaderData header = new RequestHeaderData()
            .setRequestApiKey(key.id)
            .setRequestApiVersion(v)
            .setCorrelationId(CORRELATION_ID)
            .setClientId(CLIENT_ID);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = header.size(cache, headerVersion) + body.size(cache, v);
        ByteBuffer buffer = ByteBuffer.allocate(4 + size);
        buffer.putInt(size);
        ByteBufferAccessor out = new ByteBufferAccessor(buffer);
        header.write(out, cache, headerVersion);
        body.write(out, cache, v);
        System.out.println(name + " request " + key.id + " " + version + " " + hex(buffer));
    }

    static void response(String name, ApiKeys key, int version, Message body) {
        short v = (short) version;
        short headerVersion = key.responseHeaderVersion(v);
        ResponseHeaderData header = new ResponseHeaderData().setCorrelationId(CORRELATION_ID);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ByteBuffer buffer = ByteBuffer.allocate(header.size(cache, headerVersion) + body.size(cache, v));
        ByteBufferAccessor out = new ByteBufferAccessor(buffer);
        header.write(out, cache, headerVersion);
        body.write(out, cache, v);
        System.out.println(name + " response " + key.id + " " + version + " " + hex(buffer));
    }

    static List<Integer> ids(Integer... values) {
        return new ArrayList<>(List.of(values));
    }

    static void apiVersions() {
        request("ApiVersions", ApiKeys.API_VERSIONS, 3, new ApiVersionsRequestData()
            .setClientSoftwareName("highwater")
            .setClientSoftwareVersion("0.27.0"));

        ApiVersionsResponseData.ApiVersionCollection keys = new ApiVersionsResponseData.ApiVersionCollection();
        keys.add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) 0).setMinVersion((short) 3).setMaxVersion((short) 13));
        keys.add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) 1).setMinVersion((short) 4).setMaxVersion((short) 18));
        keys.add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) 18).setMinVersion((short) 0).setMaxVersion((short) 5));
        keys.add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) 75).setMinVersion((short) 0).setMaxVersion((short) 0));
        ApiVersionsResponseData.SupportedFeatureKeyCollection supported = new ApiVersionsResponseData.SupportedFeatureKeyCollection();
        supported.add(new ApiVersionsResponseData.SupportedFeatureKey().setName("metadata.version").setMinVersion((short) 7).setMaxVersion((short) 29));
        supported.add(new ApiVersionsResponseData.SupportedFeatureKey().setName("eligible.leader.replicas.version").setMinVersion((short) 0).setMaxVersion((short) 1));
        ApiVersionsResponseData.FinalizedFeatureKeyCollection finalized = new ApiVersionsResponseData.FinalizedFeatureKeyCollection();
        finalized.add(new ApiVersionsResponseData.FinalizedFeatureKey().setName("metadata.version").setMaxVersionLevel((short) 29).setMinVersionLevel((short) 29));
        finalized.add(new ApiVersionsResponseData.FinalizedFeatureKey().setName("eligible.leader.replicas.version").setMaxVersionLevel((short) 1).setMinVersionLevel((short) 1));
        response("ApiVersions", ApiKeys.API_VERSIONS, 3, new ApiVersionsResponseData()
            .setErrorCode((short) 0)
            .setApiKeys(keys)
            .setThrottleTimeMs(0)
            .setSupportedFeatures(supported)
            .setFinalizedFeaturesEpoch(1234)
            .setFinalizedFeatures(finalized)
            .setZkMigrationReady(false));

        // What HighWater's own broker advertises (wire::advertisedApis(): Produce from version 0 as Kafka 4.x
        // advertises it, KAFKA-18659), with no features: the server half's encodeResponse must write exactly this.
        ApiVersionsResponseData.ApiVersionCollection served = new ApiVersionsResponseData.ApiVersionCollection();
        int[][] table = { { 0, 0, 7 }, { 1, 4, 10 }, { 2, 1, 4 }, { 3, 0, 4 }, { 18, 0, 3 }, { 22, 0, 1 },
            { 8, 2, 6 }, { 9, 1, 5 }, { 10, 0, 2 }, { 11, 2, 4 }, { 12, 0, 2 }, { 13, 0, 2 }, { 14, 0, 2 }, { 15, 0, 4 },
            { 16, 0, 2 }, { 19, 2, 7 } };
        for (int[] row : table)
            served.add(new ApiVersionsResponseData.ApiVersion().setApiKey((short) row[0]).setMinVersion((short) row[1]).setMaxVersion((short) row[2]));
        response("ApiVersions.served", ApiKeys.API_VERSIONS, 3, new ApiVersionsResponseData().setApiKeys(served));
    }

    static void metadata() {
        List<MetadataRequestData.MetadataRequestTopic> topics = new ArrayList<>();
        topics.add(new MetadataRequestData.MetadataRequestTopic().setName("orders"));
        request("Metadata", ApiKeys.METADATA, 12, new MetadataRequestData()
            .setTopics(topics)
            .setAllowAutoTopicCreation(false)
            .setIncludeTopicAuthorizedOperations(false));
        request("Metadata.all", ApiKeys.METADATA, 12, new MetadataRequestData()
            .setTopics(null)
            .setAllowAutoTopicCreation(false));

        MetadataResponseData.MetadataResponseBrokerCollection brokers = new MetadataResponseData.MetadataResponseBrokerCollection();
        brokers.add(new MetadataResponseData.MetadataResponseBroker().setNodeId(1).setHost("localhost").setPort(19092).setRack(null));
        brokers.add(new MetadataResponseData.MetadataResponseBroker().setNodeId(2).setHost("localhost").setPort(19093).setRack("rack-b"));
        List<MetadataResponseData.MetadataResponsePartition> partitions = new ArrayList<>();
        partitions.add(new MetadataResponseData.MetadataResponsePartition().setErrorCode((short) 0).setPartitionIndex(0)
            .setLeaderId(1).setLeaderEpoch(3).setReplicaNodes(ids(1, 2, 3)).setIsrNodes(ids(1, 2)).setOfflineReplicas(ids(3)));
        partitions.add(new MetadataResponseData.MetadataResponsePartition().setErrorCode((short) 5).setPartitionIndex(1)
            .setLeaderId(-1).setLeaderEpoch(4).setReplicaNodes(ids(2, 3, 1)).setIsrNodes(ids(2)).setOfflineReplicas(ids()));
        MetadataResponseData.MetadataResponseTopicCollection metadataTopics = new MetadataResponseData.MetadataResponseTopicCollection();
        metadataTopics.add(new MetadataResponseData.MetadataResponseTopic().setErrorCode((short) 0).setName("orders")
            .setTopicId(ORDERS_ID).setIsInternal(false).setPartitions(partitions)
            .setTopicAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
        metadataTopics.add(new MetadataResponseData.MetadataResponseTopic().setErrorCode((short) 3).setName("missing")
            .setTopicId(Uuid.ZERO_UUID).setIsInternal(false).setPartitions(new ArrayList<>())
            .setTopicAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
        response("Metadata", ApiKeys.METADATA, 12, new MetadataResponseData()
            .setThrottleTimeMs(0)
            .setBrokers(brokers)
            .setClusterId("hw-cluster")
            .setControllerId(1)
            .setTopics(metadataTopics));
    }

    static void createTopics() {
        CreateTopicsRequestData.CreatableReplicaAssignmentCollection assignments = new CreateTopicsRequestData.CreatableReplicaAssignmentCollection();
        assignments.add(new CreateTopicsRequestData.CreatableReplicaAssignment().setPartitionIndex(0).setBrokerIds(ids(1, 2, 3)));
        assignments.add(new CreateTopicsRequestData.CreatableReplicaAssignment().setPartitionIndex(1).setBrokerIds(ids(2, 3, 1)));
        CreateTopicsRequestData.CreatableTopicConfigCollection configs = new CreateTopicsRequestData.CreatableTopicConfigCollection();
        configs.add(new CreateTopicsRequestData.CreatableTopicConfig().setName("min.insync.replicas").setValue("2"));
        configs.add(new CreateTopicsRequestData.CreatableTopicConfig().setName("unclean.leader.election.enable").setValue("false"));
        CreateTopicsRequestData.CreatableTopicCollection topics = new CreateTopicsRequestData.CreatableTopicCollection();
        topics.add(new CreateTopicsRequestData.CreatableTopic().setName("orders").setNumPartitions(-1)
            .setReplicationFactor((short) -1).setAssignments(assignments).setConfigs(configs));
        request("CreateTopics", ApiKeys.CREATE_TOPICS, 7, new CreateTopicsRequestData()
            .setTopics(topics).setTimeoutMs(30000).setValidateOnly(false));

        List<CreateTopicsResponseData.CreatableTopicConfigs> resultConfigs = new ArrayList<>();
        resultConfigs.add(new CreateTopicsResponseData.CreatableTopicConfigs().setName("min.insync.replicas").setValue("2")
            .setReadOnly(false).setConfigSource((byte) 1).setIsSensitive(false));
        resultConfigs.add(new CreateTopicsResponseData.CreatableTopicConfigs().setName("cleanup.policy").setValue("delete")
            .setReadOnly(false).setConfigSource((byte) 5).setIsSensitive(false));
        resultConfigs.add(new CreateTopicsResponseData.CreatableTopicConfigs().setName("secret").setValue(null)
            .setReadOnly(true).setConfigSource((byte) 4).setIsSensitive(true));
        CreateTopicsResponseData.CreatableTopicResultCollection results = new CreateTopicsResponseData.CreatableTopicResultCollection();
        results.add(new CreateTopicsResponseData.CreatableTopicResult().setName("orders").setTopicId(ORDERS_ID)
            .setErrorCode((short) 0).setErrorMessage(null).setNumPartitions(2).setReplicationFactor((short) 3)
            .setConfigs(resultConfigs));
        results.add(new CreateTopicsResponseData.CreatableTopicResult().setName("taken").setTopicId(Uuid.ZERO_UUID)
            .setErrorCode((short) 36).setErrorMessage("Topic 'taken' already exists.").setTopicConfigErrorCode((short) 29)
            .setNumPartitions(-1).setReplicationFactor((short) -1).setConfigs(null));
        response("CreateTopics", ApiKeys.CREATE_TOPICS, 7, new CreateTopicsResponseData()
            .setThrottleTimeMs(0).setTopics(results));
    }

    // The server half's CreateTopics (wire/protocol_admin.cpp): what librdkafka (v4, not flexible) and Java's admin
    // (v7) send, placed or with an assignment and configs, and HighWater's answers: one topic created, one refused.
    static void createTopicsServed() {
        for (int version : new int[] { 2, 4, 5, 7 }) {
            CreateTopicsRequestData.CreatableTopicConfigCollection configs = new CreateTopicsRequestData.CreatableTopicConfigCollection();
            configs.add(new CreateTopicsRequestData.CreatableTopicConfig().setName("retention.ms").setValue("60000"));
            configs.add(new CreateTopicsRequestData.CreatableTopicConfig().setName("segment.ms").setValue(null));
            CreateTopicsRequestData.CreatableReplicaAssignmentCollection assignments = new CreateTopicsRequestData.CreatableReplicaAssignmentCollection();
            assignments.add(new CreateTopicsRequestData.CreatableReplicaAssignment().setPartitionIndex(0).setBrokerIds(ids(2, 1)));
            CreateTopicsRequestData.CreatableTopicCollection topics = new CreateTopicsRequestData.CreatableTopicCollection();
            topics.add(new CreateTopicsRequestData.CreatableTopic().setName("clicks").setNumPartitions(3)
                .setReplicationFactor((short) 2).setConfigs(configs));
            topics.add(new CreateTopicsRequestData.CreatableTopic().setName("manual").setNumPartitions(-1)
                .setReplicationFactor((short) -1).setAssignments(assignments));
            request("CreateTopics.served", ApiKeys.CREATE_TOPICS, version, new CreateTopicsRequestData()
                .setTopics(topics).setTimeoutMs(30000).setValidateOnly(version == 4));

            List<CreateTopicsResponseData.CreatableTopicConfigs> resultConfigs = new ArrayList<>();
            resultConfigs.add(new CreateTopicsResponseData.CreatableTopicConfigs().setName("retention.ms").setValue("60000")
                .setReadOnly(false).setConfigSource((byte) 1).setIsSensitive(false));
            resultConfigs.add(new CreateTopicsResponseData.CreatableTopicConfigs().setName("segment.bytes").setValue("1048576")
                .setReadOnly(false).setConfigSource((byte) 4).setIsSensitive(false));
            CreateTopicsResponseData.CreatableTopicResultCollection results = new CreateTopicsResponseData.CreatableTopicResultCollection();
            results.add(new CreateTopicsResponseData.CreatableTopicResult().setName("clicks")
                .setTopicId(new Uuid(0x4857000000000002L, 0x1234567890abcdefL)).setErrorCode((short) 0).setErrorMessage(null)
                .setNumPartitions(3).setReplicationFactor((short) 2).setConfigs(resultConfigs));
            results.add(new CreateTopicsResponseData.CreatableTopicResult().setName("orders").setTopicId(Uuid.ZERO_UUID)
                .setErrorCode((short) 36).setErrorMessage("Topic 'orders' already exists.").setNumPartitions(-1)
                .setReplicationFactor((short) -1).setConfigs(new ArrayList<>()));
            response("CreateTopics.served", ApiKeys.CREATE_TOPICS, version, new CreateTopicsResponseData()
                .setThrottleTimeMs(0).setTopics(results));
        }
    }

    static void incrementalAlterConfigs() {
        IncrementalAlterConfigsRequestData.AlterableConfigCollection topicConfigs = new IncrementalAlterConfigsRequestData.AlterableConfigCollection();
        topicConfigs.add(new IncrementalAlterConfigsRequestData.AlterableConfig().setName("min.insync.replicas").setConfigOperation((byte) 0).setValue("2"));
        topicConfigs.add(new IncrementalAlterConfigsRequestData.AlterableConfig().setName("retention.ms").setConfigOperation((byte) 1).setValue(null));
        IncrementalAlterConfigsRequestData.AlterableConfigCollection brokerConfigs = new IncrementalAlterConfigsRequestData.AlterableConfigCollection();
        brokerConfigs.add(new IncrementalAlterConfigsRequestData.AlterableConfig().setName("log.flush.interval.messages").setConfigOperation((byte) 0).setValue("1"));
        IncrementalAlterConfigsRequestData.AlterConfigsResourceCollection resources = new IncrementalAlterConfigsRequestData.AlterConfigsResourceCollection();
        resources.add(new IncrementalAlterConfigsRequestData.AlterConfigsResource().setResourceType((byte) 2).setResourceName("orders").setConfigs(topicConfigs));
        resources.add(new IncrementalAlterConfigsRequestData.AlterConfigsResource().setResourceType((byte) 4).setResourceName("1").setConfigs(brokerConfigs));
        request("IncrementalAlterConfigs", ApiKeys.INCREMENTAL_ALTER_CONFIGS, 1, new IncrementalAlterConfigsRequestData()
            .setResources(resources).setValidateOnly(false));

        List<IncrementalAlterConfigsResponseData.AlterConfigsResourceResponse> responses = new ArrayList<>();
        responses.add(new IncrementalAlterConfigsResponseData.AlterConfigsResourceResponse().setErrorCode((short) 0)
            .setErrorMessage(null).setResourceType((byte) 2).setResourceName("orders"));
        responses.add(new IncrementalAlterConfigsResponseData.AlterConfigsResourceResponse().setErrorCode((short) 40)
            .setErrorMessage("Invalid value x for configuration log.flush.interval.messages").setResourceType((byte) 4).setResourceName("1"));
        response("IncrementalAlterConfigs", ApiKeys.INCREMENTAL_ALTER_CONFIGS, 1, new IncrementalAlterConfigsResponseData()
            .setThrottleTimeMs(0).setResponses(responses));
    }

    static void electLeaders() {
        ElectLeadersRequestData.TopicPartitionsCollection preferred = new ElectLeadersRequestData.TopicPartitionsCollection();
        preferred.add(new ElectLeadersRequestData.TopicPartitions().setTopic("orders").setPartitions(ids(0, 1)));
        request("ElectLeaders.preferred", ApiKeys.ELECT_LEADERS, 2, new ElectLeadersRequestData()
            .setElectionType((byte) 0).setTopicPartitions(preferred).setTimeoutMs(30000));
        ElectLeadersRequestData.TopicPartitionsCollection unclean = new ElectLeadersRequestData.TopicPartitionsCollection();
        unclean.add(new ElectLeadersRequestData.TopicPartitions().setTopic("orders").setPartitions(ids(1)));
        request("ElectLeaders.unclean", ApiKeys.ELECT_LEADERS, 2, new ElectLeadersRequestData()
            .setElectionType((byte) 1).setTopicPartitions(unclean).setTimeoutMs(30000));
        request("ElectLeaders.all", ApiKeys.ELECT_LEADERS, 2, new ElectLeadersRequestData()
            .setElectionType((byte) 0).setTopicPartitions(null).setTimeoutMs(60000));

        List<ElectLeadersResponseData.PartitionResult> partitions = new ArrayList<>();
        partitions.add(new ElectLeadersResponseData.PartitionResult().setPartitionId(0).setErrorCode((short) 84)
            .setErrorMessage("Leader election not needed for topic partition."));
        partitions.add(new ElectLeadersResponseData.PartitionResult().setPartitionId(1).setErrorCode((short) 0).setErrorMessage(null));
        List<ElectLeadersResponseData.ReplicaElectionResult> results = new ArrayList<>();
        results.add(new ElectLeadersResponseData.ReplicaElectionResult().setTopic("orders").setPartitionResult(partitions));
        response("ElectLeaders", ApiKeys.ELECT_LEADERS, 2, new ElectLeadersResponseData()
            .setThrottleTimeMs(0).setErrorCode((short) 0).setReplicaElectionResults(results));
    }

    static void listOffsets() {
        List<ListOffsetsRequestData.ListOffsetsPartition> partitions = new ArrayList<>();
        partitions.add(new ListOffsetsRequestData.ListOffsetsPartition().setPartitionIndex(0).setCurrentLeaderEpoch(-1).setTimestamp(-1));
        partitions.add(new ListOffsetsRequestData.ListOffsetsPartition().setPartitionIndex(1).setCurrentLeaderEpoch(3).setTimestamp(-1));
        List<ListOffsetsRequestData.ListOffsetsTopic> topics = new ArrayList<>();
        topics.add(new ListOffsetsRequestData.ListOffsetsTopic().setName("orders").setPartitions(partitions));
        request("ListOffsets", ApiKeys.LIST_OFFSETS, 8, new ListOffsetsRequestData()
            .setReplicaId(-2).setIsolationLevel((byte) 0).setTopics(topics));

        List<ListOffsetsResponseData.ListOffsetsPartitionResponse> results = new ArrayList<>();
        results.add(new ListOffsetsResponseData.ListOffsetsPartitionResponse().setPartitionIndex(0).setErrorCode((short) 0)
            .setTimestamp(-1).setOffset(42).setLeaderEpoch(3));
        results.add(new ListOffsetsResponseData.ListOffsetsPartitionResponse().setPartitionIndex(1).setErrorCode((short) 6)
            .setTimestamp(-1).setOffset(-1).setLeaderEpoch(-1));
        List<ListOffsetsResponseData.ListOffsetsTopicResponse> resultTopics = new ArrayList<>();
        resultTopics.add(new ListOffsetsResponseData.ListOffsetsTopicResponse().setName("orders").setPartitions(results));
        response("ListOffsets", ApiKeys.LIST_OFFSETS, 8, new ListOffsetsResponseData()
            .setThrottleTimeMs(0).setTopics(resultTopics));
    }

    static void fetch() {
        List<FetchRequestData.FetchPartition> partitions = new ArrayList<>();
        partitions.add(new FetchRequestData.FetchPartition().setPartition(0).setCurrentLeaderEpoch(-1).setFetchOffset(40)
            .setLastFetchedEpoch(-1).setLogStartOffset(-1).setPartitionMaxBytes(65536));
        partitions.add(new FetchRequestData.FetchPartition().setPartition(1).setCurrentLeaderEpoch(4).setFetchOffset(0)
            .setLastFetchedEpoch(-1).setLogStartOffset(-1).setPartitionMaxBytes(65536));
        List<FetchRequestData.FetchTopic> topics = new ArrayList<>();
        topics.add(new FetchRequestData.FetchTopic().setTopic("orders").setPartitions(partitions));
        request("Fetch", ApiKeys.FETCH, 12, new FetchRequestData()
            .setReplicaId(-1).setMaxWaitMs(0).setMinBytes(0).setMaxBytes(1048576).setIsolationLevel((byte) 0)
            .setSessionId(0).setSessionEpoch(-1).setTopics(topics).setForgottenTopicsData(new ArrayList<>())
            .setRackId(""));
        List<FetchRequestData.ForgottenTopic> forgotten = new ArrayList<>();
        forgotten.add(new FetchRequestData.ForgottenTopic().setTopic("old").setPartitions(ids(2)));
        request("Fetch.session", ApiKeys.FETCH, 12, new FetchRequestData()
            .setClusterId("hw-cluster").setReplicaId(-1).setMaxWaitMs(500).setMinBytes(1).setMaxBytes(1048576)
            .setIsolationLevel((byte) 1).setSessionId(7).setSessionEpoch(3).setTopics(new ArrayList<>())
            .setForgottenTopicsData(forgotten).setRackId("rack-a"));

        MemoryRecords records = MemoryRecords.withRecords(40L, Compression.NONE,
            new SimpleRecord(1700000000000L, "k".getBytes(StandardCharsets.UTF_8), "v40".getBytes(StandardCharsets.UTF_8)),
            new SimpleRecord(1700000000001L, null, "v41".getBytes(StandardCharsets.UTF_8)));
        List<FetchResponseData.PartitionData> data = new ArrayList<>();
        data.add(new FetchResponseData.PartitionData().setPartitionIndex(0).setErrorCode((short) 0).setHighWatermark(42)
            .setLastStableOffset(42).setLogStartOffset(0).setAbortedTransactions(null).setPreferredReadReplica(-1)
            .setRecords(records));
        List<FetchResponseData.AbortedTransaction> aborted = new ArrayList<>();
        aborted.add(new FetchResponseData.AbortedTransaction().setProducerId(1000).setFirstOffset(7));
        data.add(new FetchResponseData.PartitionData().setPartitionIndex(1).setErrorCode((short) 6).setHighWatermark(-1)
            .setLastStableOffset(-1).setLogStartOffset(-1)
            .setDivergingEpoch(new FetchResponseData.EpochEndOffset().setEpoch(3).setEndOffset(41))
            .setCurrentLeader(new FetchResponseData.LeaderIdAndEpoch().setLeaderId(2).setLeaderEpoch(5))
            .setSnapshotId(new FetchResponseData.SnapshotId().setEndOffset(30).setEpoch(2))
            .setAbortedTransactions(aborted).setPreferredReadReplica(3).setRecords(null));
        List<FetchResponseData.FetchableTopicResponse> responses = new ArrayList<>();
        responses.add(new FetchResponseData.FetchableTopicResponse().setTopic("orders").setPartitions(data));
        response("Fetch", ApiKeys.FETCH, 12, new FetchResponseData()
            .setThrottleTimeMs(0).setErrorCode((short) 0).setSessionId(0).setResponses(responses));
    }

    // The server half's Fetch at its highest version, 10 (HighWater's broker reads the request and writes the
    // response): a full fetch asking for a session, with a current leader epoch and a forgotten topic, and the
    // answer of a broker without session slots (session id 0) with a fenced epoch in one partition.
    static void fetchServed() {
        List<FetchRequestData.FetchPartition> partitions = new ArrayList<>();
        partitions.add(new FetchRequestData.FetchPartition().setPartition(0).setCurrentLeaderEpoch(3).setFetchOffset(40)
            .setLogStartOffset(-1).setPartitionMaxBytes(1048576));
        partitions.add(new FetchRequestData.FetchPartition().setPartition(1).setCurrentLeaderEpoch(-1).setFetchOffset(7)
            .setLogStartOffset(2).setPartitionMaxBytes(65536));
        List<FetchRequestData.FetchTopic> topics = new ArrayList<>();
        topics.add(new FetchRequestData.FetchTopic().setTopic("orders").setPartitions(partitions));
        List<FetchRequestData.ForgottenTopic> forgotten = new ArrayList<>();
        forgotten.add(new FetchRequestData.ForgottenTopic().setTopic("old").setPartitions(ids(2)));
        request("Fetch.served", ApiKeys.FETCH, 10, new FetchRequestData()
            .setReplicaId(-1).setMaxWaitMs(500).setMinBytes(1).setMaxBytes(52428800).setIsolationLevel((byte) 0)
            .setSessionId(0).setSessionEpoch(0).setTopics(topics).setForgottenTopicsData(forgotten));

        MemoryRecords records = MemoryRecords.withRecords(40L, Compression.NONE,
            new SimpleRecord(1700000000000L, "k".getBytes(StandardCharsets.UTF_8), "v40".getBytes(StandardCharsets.UTF_8)));
        List<FetchResponseData.PartitionData> data = new ArrayList<>();
        data.add(new FetchResponseData.PartitionData().setPartitionIndex(0).setErrorCode((short) 0).setHighWatermark(41)
            .setLastStableOffset(41).setLogStartOffset(0).setAbortedTransactions(null).setRecords(records));
        data.add(new FetchResponseData.PartitionData().setPartitionIndex(1).setErrorCode((short) 74).setHighWatermark(-1)
            .setLastStableOffset(-1).setLogStartOffset(-1).setAbortedTransactions(null).setRecords(MemoryRecords.EMPTY));
        List<FetchResponseData.FetchableTopicResponse> responses = new ArrayList<>();
        responses.add(new FetchResponseData.FetchableTopicResponse().setTopic("orders").setPartitions(data));
        response("Fetch.served", ApiKeys.FETCH, 10, new FetchResponseData()
            .setThrottleTimeMs(0).setErrorCode((short) 0).setSessionId(0).setResponses(responses));
        // An incremental fetch of a session the broker does not hold (FetchManager.newContext's SessionErrorContext).
        response("Fetch.served.sessionError", ApiKeys.FETCH, 10, new FetchResponseData()
            .setThrottleTimeMs(0).setErrorCode((short) 70).setSessionId(0).setResponses(new ArrayList<>()));
    }

    static void describeTopicPartitions() {
        List<DescribeTopicPartitionsRequestData.TopicRequest> topics = new ArrayList<>();
        topics.add(new DescribeTopicPartitionsRequestData.TopicRequest().setName("orders"));
        request("DescribeTopicPartitions", ApiKeys.DESCRIBE_TOPIC_PARTITIONS, 0, new DescribeTopicPartitionsRequestData()
            .setTopics(topics).setResponsePartitionLimit(2000).setCursor(null));
        request("DescribeTopicPartitions.cursor", ApiKeys.DESCRIBE_TOPIC_PARTITIONS, 0, new DescribeTopicPartitionsRequestData()
            .setTopics(topics).setResponsePartitionLimit(1)
            .setCursor(new DescribeTopicPartitionsRequestData.Cursor().setTopicName("orders").setPartitionIndex(1)));

        List<DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponsePartition> partitions = new ArrayList<>();
        partitions.add(new DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponsePartition().setErrorCode((short) 0)
            .setPartitionIndex(0).setLeaderId(1).setLeaderEpoch(5).setReplicaNodes(ids(1, 2, 3)).setIsrNodes(ids(1))
            .setEligibleLeaderReplicas(ids(2)).setLastKnownElr(ids(3)).setOfflineReplicas(ids()));
        partitions.add(new DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponsePartition().setErrorCode((short) 0)
            .setPartitionIndex(1).setLeaderId(-1).setLeaderEpoch(6).setReplicaNodes(ids(2, 3, 1)).setIsrNodes(ids())
            .setEligibleLeaderReplicas(ids()).setLastKnownElr(null).setOfflineReplicas(ids(2)));
        DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponseTopicCollection resultTopics =
            new DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponseTopicCollection();
        resultTopics.add(new DescribeTopicPartitionsResponseData.DescribeTopicPartitionsResponseTopic().setErrorCode((short) 0)
            .setName("orders").setTopicId(ORDERS_ID).setIsInternal(false).setPartitions(partitions)
            .setTopicAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
        response("DescribeTopicPartitions", ApiKeys.DESCRIBE_TOPIC_PARTITIONS, 0, new DescribeTopicPartitionsResponseData()
            .setThrottleTimeMs(0).setTopics(resultTopics)
            .setNextCursor(new DescribeTopicPartitionsResponseData.Cursor().setTopicName("orders").setPartitionIndex(2)));
    }

    static void describeCluster() {
        request("DescribeCluster", ApiKeys.DESCRIBE_CLUSTER, 1, new DescribeClusterRequestData()
            .setIncludeClusterAuthorizedOperations(false).setEndpointType((byte) 1));
        request("DescribeCluster", ApiKeys.DESCRIBE_CLUSTER, 2, new DescribeClusterRequestData()
            .setIncludeClusterAuthorizedOperations(false).setEndpointType((byte) 1).setIncludeFencedBrokers(true));

        for (int version = 1; version <= 2; ++version) {
            DescribeClusterResponseData.DescribeClusterBrokerCollection brokers = new DescribeClusterResponseData.DescribeClusterBrokerCollection();
            brokers.add(new DescribeClusterResponseData.DescribeClusterBroker().setBrokerId(1).setHost("localhost").setPort(19092)
                .setRack(null).setIsFenced(false));
            brokers.add(new DescribeClusterResponseData.DescribeClusterBroker().setBrokerId(2).setHost("localhost").setPort(19093)
                .setRack("rack-b").setIsFenced(version >= 2));
            response("DescribeCluster", ApiKeys.DESCRIBE_CLUSTER, version, new DescribeClusterResponseData()
                .setThrottleTimeMs(0).setErrorCode((short) 0).setErrorMessage(null).setEndpointType((byte) 1)
                .setClusterId("hw-cluster").setControllerId(1).setBrokers(brokers)
                .setClusterAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
        }
    }

    // The observer reads a topic's configs (ResourceType 2): all of them, or the ones it names. The answer
    // holds a topic's own config, a default, a sensitive one with a synonym and documentation (what a broker
    // writes when asked for them), and a topic that does not exist.
    static void describeConfigs() {
        List<DescribeConfigsRequestData.DescribeConfigsResource> resources = new ArrayList<>();
        resources.add(new DescribeConfigsRequestData.DescribeConfigsResource().setResourceType((byte) 2)
            .setResourceName("orders").setConfigurationKeys(null));
        resources.add(new DescribeConfigsRequestData.DescribeConfigsResource().setResourceType((byte) 2)
            .setResourceName("clicks").setConfigurationKeys(new ArrayList<>(List.of("min.insync.replicas", "unclean.leader.election.enable"))));
        request("DescribeConfigs", ApiKeys.DESCRIBE_CONFIGS, 4, new DescribeConfigsRequestData()
            .setResources(resources).setIncludeSynonyms(false).setIncludeDocumentation(false));

        List<DescribeConfigsResponseData.DescribeConfigsResourceResult> configs = new ArrayList<>();
        configs.add(new DescribeConfigsResponseData.DescribeConfigsResourceResult().setName("min.insync.replicas")
            .setValue("2").setReadOnly(false).setConfigSource((byte) 1).setIsSensitive(false)
            .setSynonyms(new ArrayList<>()).setConfigType((byte) 3).setDocumentation(null));
        configs.add(new DescribeConfigsResponseData.DescribeConfigsResourceResult().setName("unclean.leader.election.enable")
            .setValue("false").setReadOnly(false).setConfigSource((byte) 5).setIsSensitive(false)
            .setSynonyms(new ArrayList<>()).setConfigType((byte) 1).setDocumentation(null));
        List<DescribeConfigsResponseData.DescribeConfigsSynonym> synonyms = new ArrayList<>();
        synonyms.add(new DescribeConfigsResponseData.DescribeConfigsSynonym().setName("sasl.jaas.config").setValue(null)
            .setSource((byte) 4));
        configs.add(new DescribeConfigsResponseData.DescribeConfigsResourceResult().setName("sasl.jaas.config")
            .setValue(null).setReadOnly(true).setConfigSource((byte) 4).setIsSensitive(true)
            .setSynonyms(synonyms).setConfigType((byte) 9).setDocumentation("JAAS login context parameters."));
        List<DescribeConfigsResponseData.DescribeConfigsResult> results = new ArrayList<>();
        results.add(new DescribeConfigsResponseData.DescribeConfigsResult().setErrorCode((short) 0).setErrorMessage(null)
            .setResourceType((byte) 2).setResourceName("orders").setConfigs(configs));
        results.add(new DescribeConfigsResponseData.DescribeConfigsResult().setErrorCode((short) 3)
            .setErrorMessage("The topic 'missing' does not exist.").setResourceType((byte) 2).setResourceName("missing")
            .setConfigs(new ArrayList<>()));
        response("DescribeConfigs", ApiKeys.DESCRIBE_CONFIGS, 4, new DescribeConfigsResponseData()
            .setThrottleTimeMs(0).setResults(results));
    }

    // SASL/PLAIN on a SASL listener: the handshake (accepted, and refused for a mechanism the listener does not
    // enable), then the one token, accepted with a session lifetime or refused.
    static void sasl() {
        request("SaslHandshake", ApiKeys.SASL_HANDSHAKE, 1, new SaslHandshakeRequestData().setMechanism("PLAIN"));
        response("SaslHandshake", ApiKeys.SASL_HANDSHAKE, 1, new SaslHandshakeResponseData()
            .setErrorCode((short) 0).setMechanisms(new ArrayList<>(List.of("PLAIN", "SCRAM-SHA-512"))));
        response("SaslHandshake.unsupported", ApiKeys.SASL_HANDSHAKE, 1, new SaslHandshakeResponseData()
            .setErrorCode((short) 33).setMechanisms(new ArrayList<>(List.of("SCRAM-SHA-512"))));

        request("SaslAuthenticate", ApiKeys.SASL_AUTHENTICATE, 2, new SaslAuthenticateRequestData()
            .setAuthBytes("\0highwater\0secret".getBytes(StandardCharsets.UTF_8)));
        response("SaslAuthenticate", ApiKeys.SASL_AUTHENTICATE, 2, new SaslAuthenticateResponseData()
            .setErrorCode((short) 0).setErrorMessage(null).setAuthBytes(new byte[0]).setSessionLifetimeMs(3600000));
        response("SaslAuthenticate.failed", ApiKeys.SASL_AUTHENTICATE, 2, new SaslAuthenticateResponseData()
            .setErrorCode((short) 58).setErrorMessage("Authentication failed: Invalid username or password")
            .setAuthBytes(new byte[0]).setSessionLifetimeMs(0));
    }

    // The observer lists the groups: by state in version 4, by type in 5 (KIP-848), and the answers with each
    // group's state (and type from 5).
    static void listGroups() {
        request("ListGroups", ApiKeys.LIST_GROUPS, 4, new ListGroupsRequestData()
            .setStatesFilter(new ArrayList<>(List.of("Stable", "Empty"))));
        request("ListGroups", ApiKeys.LIST_GROUPS, 5, new ListGroupsRequestData()
            .setStatesFilter(new ArrayList<>()).setTypesFilter(new ArrayList<>(List.of("consumer", "classic"))));
        for (int version = 4; version <= 5; ++version) {
            List<ListGroupsResponseData.ListedGroup> groups = new ArrayList<>();
            groups.add(new ListGroupsResponseData.ListedGroup().setGroupId("billing").setProtocolType("consumer")
                .setGroupState("Stable").setGroupType(version >= 5 ? "consumer" : ""));
            groups.add(new ListGroupsResponseData.ListedGroup().setGroupId("audit").setProtocolType("")
                .setGroupState("Empty").setGroupType(version >= 5 ? "classic" : ""));
            response("ListGroups", ApiKeys.LIST_GROUPS, version, new ListGroupsResponseData()
                .setThrottleTimeMs(0).setErrorCode((short) 0).setGroups(groups));
        }
    }

    // The observer describes two groups: a stable consumer group of two members (one static), and one that does
    // not exist.
    static void describeGroups() {
        request("DescribeGroups", ApiKeys.DESCRIBE_GROUPS, 5, new DescribeGroupsRequestData()
            .setGroups(new ArrayList<>(List.of("billing", "gone"))).setIncludeAuthorizedOperations(false));

        List<DescribeGroupsResponseData.DescribedGroupMember> members = new ArrayList<>();
        members.add(new DescribeGroupsResponseData.DescribedGroupMember().setMemberId("consumer-1-4f2a")
            .setGroupInstanceId(null).setClientId("consumer-1").setClientHost("/127.0.0.1")
            .setMemberMetadata(new byte[] { 0, 3, 0, 0, 0, 1, 0, 6, 'o', 'r', 'd', 'e', 'r', 's' })
            .setMemberAssignment(new byte[] { 0, 3, 0, 0, 0, 1, 0, 6, 'o', 'r', 'd', 'e', 'r', 's', 0, 0, 0, 1, 0, 0, 0, 0 }));
        members.add(new DescribeGroupsResponseData.DescribedGroupMember().setMemberId("worker-2-77c1")
            .setGroupInstanceId("worker-2").setClientId("consumer-2").setClientHost("/127.0.0.2")
            .setMemberMetadata(new byte[0]).setMemberAssignment(new byte[0]));
        List<DescribeGroupsResponseData.DescribedGroup> groups = new ArrayList<>();
        groups.add(new DescribeGroupsResponseData.DescribedGroup().setErrorCode((short) 0).setGroupId("billing")
            .setGroupState("Stable").setProtocolType("consumer").setProtocolData("range").setMembers(members)
            .setAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
        groups.add(new DescribeGroupsResponseData.DescribedGroup().setErrorCode((short) 69).setGroupId("gone")
            .setGroupState("Dead").setProtocolType("").setProtocolData("").setMembers(new ArrayList<>())
            .setAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
        response("DescribeGroups", ApiKeys.DESCRIBE_GROUPS, 5, new DescribeGroupsResponseData()
            .setThrottleTimeMs(0).setGroups(groups));
    }

    // The observer reads two groups' committed offsets in one request: two partitions of one, everything of the
    // other; the second's coordinator is still loading.
    static void offsetFetch() {
        List<OffsetFetchRequestData.OffsetFetchRequestTopics> topics = new ArrayList<>();
        topics.add(new OffsetFetchRequestData.OffsetFetchRequestTopics().setName("orders").setPartitionIndexes(ids(0, 1)));
        List<OffsetFetchRequestData.OffsetFetchRequestGroup> groups = new ArrayList<>();
        groups.add(new OffsetFetchRequestData.OffsetFetchRequestGroup().setGroupId("billing").setTopics(topics));
        groups.add(new OffsetFetchRequestData.OffsetFetchRequestGroup().setGroupId("audit").setTopics(null));
        request("OffsetFetch", ApiKeys.OFFSET_FETCH, 8, new OffsetFetchRequestData()
            .setGroups(groups).setRequireStable(true));

        List<OffsetFetchResponseData.OffsetFetchResponsePartitions> partitions = new ArrayList<>();
        partitions.add(new OffsetFetchResponseData.OffsetFetchResponsePartitions().setPartitionIndex(0)
            .setCommittedOffset(40).setCommittedLeaderEpoch(3).setMetadata("").setErrorCode((short) 0));
        partitions.add(new OffsetFetchResponseData.OffsetFetchResponsePartitions().setPartitionIndex(1)
            .setCommittedOffset(-1).setCommittedLeaderEpoch(-1).setMetadata(null).setErrorCode((short) 0));
        List<OffsetFetchResponseData.OffsetFetchResponseTopics> resultTopics = new ArrayList<>();
        resultTopics.add(new OffsetFetchResponseData.OffsetFetchResponseTopics().setName("orders").setPartitions(partitions));
        List<OffsetFetchResponseData.OffsetFetchResponseGroup> results = new ArrayList<>();
        results.add(new OffsetFetchResponseData.OffsetFetchResponseGroup().setGroupId("billing").setTopics(resultTopics)
            .setErrorCode((short) 0));
        results.add(new OffsetFetchResponseData.OffsetFetchResponseGroup().setGroupId("audit").setTopics(new ArrayList<>())
            .setErrorCode((short) 14));
        response("OffsetFetch", ApiKeys.OFFSET_FETCH, 8, new OffsetFetchResponseData()
            .setThrottleTimeMs(0).setGroups(results));
    }

    // The observer describes a consumer-protocol group (KIP-848) of one member that owns orders-0 and is to own
    // orders-1 too, and a group that is not one; version 1 adds the member's type (1: consumer).
    static void consumerGroupDescribe() {
        for (int version = 0; version <= 1; ++version) {
            request("ConsumerGroupDescribe", ApiKeys.CONSUMER_GROUP_DESCRIBE, version, new ConsumerGroupDescribeRequestData()
                .setGroupIds(new ArrayList<>(List.of("billing", "legacy"))).setIncludeAuthorizedOperations(false));

            List<ConsumerGroupDescribeResponseData.TopicPartitions> owned = new ArrayList<>();
            owned.add(new ConsumerGroupDescribeResponseData.TopicPartitions().setTopicId(ORDERS_ID).setTopicName("orders")
                .setPartitions(ids(0)));
            List<ConsumerGroupDescribeResponseData.TopicPartitions> target = new ArrayList<>();
            target.add(new ConsumerGroupDescribeResponseData.TopicPartitions().setTopicId(ORDERS_ID).setTopicName("orders")
                .setPartitions(ids(0, 1)));
            List<ConsumerGroupDescribeResponseData.Member> members = new ArrayList<>();
            members.add(new ConsumerGroupDescribeResponseData.Member().setMemberId("Yc3tVwq1Ra2bAkHzDfNWmQ")
                .setInstanceId(null).setRackId("rack-a").setMemberEpoch(7).setClientId("consumer-billing-1")
                .setClientHost("/127.0.0.1").setSubscribedTopicNames(new ArrayList<>(List.of("orders")))
                .setSubscribedTopicRegex(null)
                .setAssignment(new ConsumerGroupDescribeResponseData.Assignment().setTopicPartitions(owned))
                .setTargetAssignment(new ConsumerGroupDescribeResponseData.Assignment().setTopicPartitions(target))
                .setMemberType((byte) (version >= 1 ? 1 : -1)));
            List<ConsumerGroupDescribeResponseData.DescribedGroup> groups = new ArrayList<>();
            groups.add(new ConsumerGroupDescribeResponseData.DescribedGroup().setErrorCode((short) 0).setErrorMessage(null)
                .setGroupId("billing").setGroupState("Reconciling").setGroupEpoch(8).setAssignmentEpoch(8)
                .setAssignorName("uniform").setMembers(members).setAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
            groups.add(new ConsumerGroupDescribeResponseData.DescribedGroup().setErrorCode((short) 69)
                .setErrorMessage("Group legacy is not a consumer group.").setGroupId("legacy").setGroupState("")
                .setGroupEpoch(0).setAssignmentEpoch(0).setAssignorName("").setMembers(new ArrayList<>())
                .setAuthorizedOperations(NO_AUTHORIZED_OPERATIONS));
            response("ConsumerGroupDescribe", ApiKeys.CONSUMER_GROUP_DESCRIBE, version, new ConsumerGroupDescribeResponseData()
                .setThrottleTimeMs(0).setGroups(groups));
        }
    }

    public static void main(String[] args) {
        // The version is the jar's, which the caller names (tests/wire/golden/regenerate passes it).
        String kafkaVersion = args.length > 0 ? args[0] : "unknown";
        System.out.println("# The client half's golden bytes, made by tests/wire/golden/GoldenBytes.java with kafka-clients "
            + kafkaVersion + "; regenerate with tests/wire/golden/regenerate.");
        System.out.println("# name, request|response, API key, version, hex");
        apiVersions();
        metadata();
        createTopics();
        createTopicsServed();
        incrementalAlterConfigs();
        electLeaders();
        listOffsets();
        fetch();
        fetchServed();
        describeTopicPartitions();
        describeCluster();
        describeConfigs();
        sasl();
        listGroups();
        describeGroups();
        offsetFetch();
        consumerGroupDescribe();
    }
}
